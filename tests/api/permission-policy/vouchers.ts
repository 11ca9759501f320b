import { randomBytes } from 'node:crypto'
import { giftVouchers } from '../../../src/server/db/schema'
import { newVoucherCode, voucherCodeHash } from '../../../src/server/services/money/vouchers/payment'
import { type Cell, ids, MANAGERS, type Policy, SHOPPERS } from './shared'

/** Gift vouchers (docs/rules/gift-vouchers.md): a client buys one, reads its own, uses a code. */

/** A voucher of country `cc`: the caller's own, or (another country, a neighbour's) its customer's. */
async function voucherOf(cell: Cell, status: 'pending' | 'paid' = 'pending', code?: string, staff = false) {
  const own = !staff && cell.caller.id !== null && !cell.neighbour && cell.cc === cell.caller.cc
  const [row] = await cell.f.db
    .insert(giftVouchers)
    .values({
      buyerId: own ? cell.caller.id! : cell.f[cell.cc].customer.id,
      countryId: cell.f[cell.cc].country.id,
      amount: 10_000,
      recipientName: 'Awa',
      recipientPhone: '+221 77 123 45 67',
      status,
      codeHash: code ? voucherCodeHash(code) : `unused-${randomBytes(8).toString('hex')}`,
      paidAt: status === 'paid' ? new Date() : null,
    })
    .returning({ id: giftVouchers.id })
  return row!.id
}

export const voucherPolicies: Record<string, Policy> = {
  'POST /_api/vouchers/buy': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Gift vouchers: a client buys one in its own country, for anyone',
    input: () => ({
      amount: 10_000,
      recipientName: 'Awa',
      recipientPhone: '+221 77 123 45 67',
      message: null,
      wallet: 'Orange Money',
    }),
  },
  'GET /_api/vouchers/one': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Gift vouchers: a client follows the payment of its own voucher',
    input: async (cell) => ({ id: await voucherOf(cell) }),
  },
  'POST /_api/vouchers/redeem': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Gift vouchers: any client adds a paid voucher to its credit with its code',
    input: async (cell) => {
      if (!cell.reaches) return { code: 'ACDEFGHJKMNP' }
      const code = newVoucherCode()
      await voucherOf(cell, 'paid', code)
      return { code }
    },
  },
  // docs/rules/gift-vouchers.md#staff: root all, super_admin own country (a customer's voucher).
  'GET /_api/admin/vouchers': {
    who: MANAGERS,
    scope: 'list',
    rule: 'Who may do what: gift vouchers: root all, super_admin own country',
    input: async (cell) => {
      await voucherOf(cell, 'paid', undefined, true)
      return {}
    },
    listed: (b) => ({ kind: 'voucher', ids: ids(b.vouchers) }),
  },
  'POST /_api/admin/vouchers/resend': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: gift vouchers, a code sent again: root all, super_admin own country',
    input: async (cell) => ({
      id: await voucherOf(cell, 'paid', undefined, true),
      recipientPhone: '+221 77 123 45 67',
    }),
  },
}
