import { coupons } from '../../../src/server/db/schema'
import type { MatrixFixtures } from '../permission-fixtures'
import { MANAGERS, SHOPPERS, ids, next, type Cc, type Policy } from './shared'

/** A coupon of country `cc`, made for one call (docs/rules/commerce.md#coupons). */
const freshCoupon = async (f: MatrixFixtures, cc: Cc) => {
  const [row] = await f.db
    .insert(coupons)
    .values({ countryId: f[cc].country.id, code: `MATRICE${next()}`, kind: 'amount', value: 500 })
    .returning({ id: coupons.id })
  return row!.id
}

// ---- coupons (docs/rules/commerce.md#coupons): root all, super_admin own country; the cart asks shoppers'
export const couponPolicies: Record<string, Policy> = {
  'GET /_api/admin/coupons': {
    who: MANAGERS,
    scope: 'list',
    rule: 'Who may do what: coupons: root all, super_admin own country',
    input: async ({ f, cc }) => {
      await freshCoupon(f, cc)
      return {}
    },
    listed: (b) => ({ kind: 'coupon', ids: ids(b.coupons) }),
  },
  'POST /_api/admin/coupons': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: coupons create: root all, super_admin own country',
    input: ({ f, cc }) => ({
      countryId: f[cc].country.id,
      code: `MATRICE${next()}`,
      kind: 'amount',
      value: 500,
    }),
  },
  'POST /_api/admin/coupons/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: coupons edit: root all, super_admin own country',
    input: async ({ f, cc }) => ({ id: await freshCoupon(f, cc), value: 700 }),
  },
  'POST /_api/admin/coupons/stop': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: coupons stop: root all, super_admin own country',
    input: async ({ f, cc }) => ({ id: await freshCoupon(f, cc) }),
  },
  'POST /_api/coupons/check': {
    who: SHOPPERS,
    scope: 'global',
    rule: "Who may do what: the cart's coupon check is client and user's, on their own country's codes",
    input: () => ({ code: 'INCONNU', subtotal: 10000 }),
  },
}
