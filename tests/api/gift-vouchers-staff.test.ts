import { and, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { giftVouchers, outboxMessages, paymentEvents } from '../../src/server/db/schema'
import type { AdminVoucher } from '../../src/shared/schemas/vouchers'
import { decode, get, post, signedIn } from '../factories'
import { cookie, staff as countryAdmin, t, usePaymentsApp } from './payments-setup'
import { buy, type Bought, errorOf, giftMessage, newClient, paidVoucher, redeem } from './voucher-helpers'

/**
 * Gift vouchers as staff see them (docs/rules/gift-vouchers.md#staff): the country's list, never
 * a code; a paid voucher's code sent again, a new one, to the recipient's phone as corrected; the
 * old code dead, the buyer told, the payment events keeping who did it.
 */
usePaymentsApp()

type List = { vouchers: AdminVoucher[]; total: number }
let manager: string
let otherCountry: string
let root: string
beforeAll(async () => {
  manager = (await signedIn(t, 'super_admin', 'SN')).cookie
  otherCountry = (await signedIn(t, 'super_admin', 'ML')).cookie
  root = (await signedIn(t, 'root', 'SN')).cookie
})

const list = async (query: string, c = manager) => {
  const res = await get(t, `/_api/admin/vouchers${query}`, c)
  expect(res.statusCode, res.body).toBe(200)
  return { ...decode<List>(res.body), raw: res.body }
}
const resend = (id: number, recipientPhone: unknown, c = manager) =>
  post(t, '/_api/admin/vouchers/resend', { id, recipientPhone }, c)
const row = async (id: number) => (await t.db.select().from(giftVouchers).where(eq(giftVouchers.id, id)))[0]!

describe('gift vouchers: the staff list', () => {
  it('lists the country’s vouchers newest first, by state, by a name or a phone, and never a code', async () => {
    const paid = await paidVoucher({ recipientName: 'Mariama Liste', recipientPhone: '77 444 55 66' })
    const pending = decode<Bought>((await buy({ recipientName: 'Mariama Attente' })).body)

    const all = await list('?search=Mariama')
    expect(all.vouchers.map((v) => v.id)).toEqual([pending.voucherId, paid.voucherId])
    expect(all.vouchers[1]).toMatchObject({
      status: 'paid',
      amount: 10_000,
      recipientPhone: '+221 77 444 55 66',
      countryName: 'Sénégal',
      resends: 0,
      redeemedByName: null,
    })
    expect(all.raw).not.toContain(paid.code)
    expect(all.raw).not.toContain((await row(paid.voucherId)).codeHash!)

    expect((await list('?search=Mariama&status=paid')).vouchers.map((v) => v.id)).toEqual([paid.voucherId])
    // A phone as staff type it: the digits are compared.
    expect((await list('?search=77%20444%2055')).vouchers.map((v) => v.id)).toEqual([paid.voucherId])
    // Another country's staff see none of them; root sees them.
    expect((await list('?search=Mariama', otherCountry)).total).toBe(0)
    expect((await list('?search=Mariama', root)).total).toBe(2)
  })

  it('a used voucher names who used it; a bad filter is a French 400', async () => {
    const v = await paidVoucher({ recipientName: 'Khady Utilisé' })
    const taker = await newClient('Khady Ndoye')
    expect((await redeem(v.code, taker.cookie)).statusCode).toBe(200)
    const [used] = (await list('?search=Khady%20Utilis')).vouchers
    expect(used).toMatchObject({ status: 'redeemed', redeemedByName: 'Khady Ndoye' })
    const bad = await get(t, '/_api/admin/vouchers?status=perdu', manager)
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad)).toMatch(/État de bon cadeau/)
  })
})

describe('gift vouchers: a code sent again', () => {
  it('a new code to the corrected phone: the old one dead, the new one works, the buyer told, the event kept', async () => {
    const v = await paidVoucher({ recipientName: 'Awa Renvoi', recipientPhone: '77 123 45 67' })
    const buyerId = (await row(v.voucherId)).buyerId
    const res = await resend(v.voucherId, '78 000 11 22')
    expect(res.statusCode, res.body).toBe(200)
    expect(decode<{ voucher: AdminVoucher }>(res.body).voucher).toMatchObject({
      status: 'paid',
      recipientPhone: '+221 78 000 11 22',
      resends: 1,
    })
    // The SMS with the new code leaves for the corrected phone.
    const sms = await giftMessage(v.voucherId)
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+221 78 000 11 22' })
    const fresh = (sms!.facts as { code: string }).code
    expect(fresh).not.toBe(v.code)
    // The buyer is told where it went.
    const told = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, buyerId), eq(outboxMessages.kind, 'voucher_sent')))
      .orderBy(desc(outboxMessages.id))
    expect(told[0]!.facts).toMatchObject({ phone: '+221 78 000 11 22' })
    // Who did it, and the phones before and after.
    const [event] = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.voucherId, v.voucherId), eq(paymentEvents.type, 'code_resent')))
    expect(event!.actorId).not.toBeNull()
    expect(event!.detail).toContain('+221 78 000 11 22')
    expect(event!.detail).toContain('+221 77 123 45 67')

    const taker = await newClient()
    expect((await redeem(v.code, taker.cookie)).statusCode).toBe(404)
    const used = await redeem(fresh, taker.cookie)
    expect(used.statusCode, used.body).toBe(200)
    // Used: its code is never sent again.
    const again = await resend(v.voucherId, '78 000 11 22')
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toBe('Ce bon cadeau a déjà été utilisé : son code ne peut plus être renvoyé.')
  })

  it('refuses a pending voucher (409), a bad phone (400), another country’s (404), an admin (403): nothing changes', async () => {
    const pending = decode<Bought>((await buy()).body)
    expect((await resend(pending.voucherId, '77 123 45 67')).statusCode).toBe(409)
    const v = await paidVoucher()
    const before = await row(v.voucherId)
    for (const phone of ['12', '', 771234567, null]) {
      const res = await resend(v.voucherId, phone)
      expect(res.statusCode, JSON.stringify(phone)).toBe(400)
      expect(errorOf(res)).toMatch(/[a-zé]/)
    }
    expect((await resend(v.voucherId, '77 123 45 67', otherCountry)).statusCode).toBe(404)
    expect((await resend(v.voucherId, '77 123 45 67', countryAdmin)).statusCode).toBe(403)
    expect((await resend(v.voucherId, '77 123 45 67', cookie)).statusCode).toBe(403)
    expect((await resend(999_999, '77 123 45 67')).statusCode).toBe(404)
    expect(await row(v.voucherId)).toEqual(before)
    // The old code still works: nothing was sent.
    const taker = await newClient()
    expect((await redeem(v.code, taker.cookie)).statusCode).toBe(200)
  })

  it('a resend and a redemption at once: one credit at most, and only a code that is current is ever accepted', async () => {
    for (let i = 0; i < 5; i++) {
      const v = await paidVoucher()
      const taker = await newClient()
      const [sent, used] = await Promise.all([
        resend(v.voucherId, '77 123 45 67'),
        redeem(v.code, taker.cookie),
      ])
      // Either the old code came first (used, then the resend is refused), or the resend did (the old code unknown).
      expect([sent.statusCode, used.statusCode].sort()).toEqual(
        sent.statusCode === 200 ? [200, 404] : [200, 409],
      )
      expect((await row(v.voucherId)).status).toBe(sent.statusCode === 200 ? 'paid' : 'redeemed')
    }
  })
})
