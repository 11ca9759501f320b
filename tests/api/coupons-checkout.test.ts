import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countries, couponUses, coupons, orders, users } from '../../src/server/db/schema'
import { COUPON_EXHAUSTED } from '../../src/shared/domain/coupons'
import {
  createProduct,
  createUser,
  decode,
  deliveryIn,
  login,
  post,
  postOrder,
  statusChange,
} from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// docs/rules/commerce.md#coupons: a code at checkout. Its discount on the goods (never the delivery,
// never below 0, a percentage rounded to whole francs), the budget that stops at exactly 100 %,
// the limit per phone, the first order, the minimum, the dates in the country's time zone, and a
// cancelled order's use given back.

let t: TestApp
let staff: string
let productId: number
let delivery: Awaited<ReturnType<typeof deliveryIn>>
let snId: number
let phoneSeq = 0
beforeAll(async () => {
  t = await createTestApp()
  const admin = await createUser(t.db, { role: 'super_admin', country: 'SN' })
  staff = await login(t, admin.email)
  productId = (
    await createProduct(t.db, { name: 'Gigot', pricePerUnit: 12345, unitType: 'unit', minQuantity: 1 })
  ).id
  delivery = await deliveryIn(t.db, 'SN')
  snId = (await t.db.select().from(countries).where(eq(countries.code, 'SN')))[0]!.id
})
afterAll(() => t.close())

/** `n` clients, made one after the other (the factory's e-mails are numbered as it goes). */
async function clients(n: number) {
  const made = []
  for (let i = 0; i < n; i++) made.push(await client())
  return made
}

/** A client of Sénégal with a number of its own, signed in. */
async function client(phone = `+221 77 ${String(100 + (phoneSeq++ % 900)).padStart(3, '0')} 12 34`) {
  const user = await createUser(t.db, { role: 'client', country: 'SN' })
  await t.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, user.id))
  return { id: user.id, cookie: await login(t, user.email) }
}
async function coupon(values: Partial<typeof coupons.$inferInsert> & { code: string }) {
  const [row] = await t.db
    .insert(coupons)
    .values({ countryId: snId, kind: 'amount', value: 1000, ...values })
    .returning()
  return row!
}
const order = (cookie: string, couponCode: string | undefined, quantity = 1) =>
  postOrder(
    t,
    { items: [{ productId, quantity }], ...delivery, ...(couponCode ? { couponCode } : {}) },
    cookie,
  )
type Answer = {
  order: {
    id: number
    subtotalAmount: number
    couponCode: string | null
    couponDiscount: number
    totalAmount: number
    deliveryFeeAmount: number
  }
}
const placed = (body: string) => decode<Answer>(body).order
const errorOf = (body: string) =>
  JSON.parse(body) as { error: string; code: string; fieldErrors?: Record<string, string[]> }
const couponRow = async (id: number) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0]!

describe('the discount', () => {
  it('takes a percentage of the goods, rounded to whole francs, never of the delivery; the order and its use keep it', async () => {
    const c = await coupon({ code: 'PCT7', kind: 'percent', value: 7 })
    const { cookie } = await client()
    const res = await order(cookie, 'pct7')
    expect(res.statusCode, res.body).toBe(201)
    const o = placed(res.body)
    // 7 % of 12 345 F is 864.15 F: 864 F.
    expect(o).toMatchObject({ subtotalAmount: 12345, couponCode: 'PCT7', couponDiscount: 864 })
    expect(o.totalAmount).toBe(12345 - 864 + o.deliveryFeeAmount)
    expect(await couponRow(c.id)).toMatchObject({ usesCount: 1, amountSpent: 864 })
    const [use] = await t.db.select().from(couponUses).where(eq(couponUses.orderId, o.id))
    expect(use).toMatchObject({ couponId: c.id, amount: 864, returnedAt: null })
    // The orders' CSV names the code and its discount.
    const csv = (
      await t.app.inject({ method: 'GET', url: '/_api/admin/orders/export', headers: { cookie: staff } })
    ).body
    const lines = csv
      .slice(1)
      .split('\r\n')
      .map((l) => l.split(';'))
    const row = lines.find((l) => l[0] === String(o.id))!
    expect(row[lines[0]!.indexOf('Code promo')]).toBe('PCT7')
    expect(row[lines[0]!.indexOf('Remise code promo (F CFA)')]).toBe('864')
  })

  it('an amount above the goods takes the goods only: the order never goes below 0, the delivery is paid', async () => {
    await coupon({ code: 'GROS', value: 50000 })
    const { cookie } = await client()
    const o = placed((await order(cookie, 'GROS')).body)
    expect(o.couponDiscount).toBe(12345)
    expect(o.totalAmount).toBe(o.deliveryFeeAmount)
  })

  it('an unknown code is refused in French on its field, and no order is written', async () => {
    const { cookie, id } = await client()
    const res = await order(cookie, 'INCONNU')
    expect(res.statusCode).toBe(400)
    expect(errorOf(res.body)).toMatchObject({
      code: 'COUPON_REFUSED',
      fieldErrors: { couponCode: ['Ce code promo n’existe pas.'] },
    })
    expect(await t.db.select().from(orders).where(eq(orders.userId, id))).toHaveLength(0)
  })
})

describe('the daily report', () => {
  it('says what the codes took off the orders delivered that day', async () => {
    await coupon({ code: 'LIVRE', value: 1500 })
    const before = decode<{ coupons: { orders: number; amount: number } }>(
      (await t.app.inject({ method: 'GET', url: '/_api/admin/cash/report', headers: { cookie: staff } }))
        .body,
    ).coupons
    const o = placed((await order((await client()).cookie, 'LIVRE')).body)
    const done = await post(t, '/_api/admin/orders/update-status', statusChange(o.id, 'delivered'), staff)
    expect(done.statusCode, done.body).toBe(200)
    const after = decode<{ coupons: { orders: number; amount: number } }>(
      (await t.app.inject({ method: 'GET', url: '/_api/admin/cash/report', headers: { cookie: staff } }))
        .body,
    ).coupons
    expect(after).toEqual({ orders: before.orders + 1, amount: before.amount + 1500 })
    // The CSV says the same, under its own heading.
    const csv = (
      await t.app.inject({ method: 'GET', url: '/_api/admin/cash/report/export', headers: { cookie: staff } })
    ).body
    const part = csv.split('\r\n\r\n').find((p) => p.startsWith('Codes promo'))
    expect(part?.split('\r\n').filter(Boolean)).toEqual([
      'Codes promo',
      'Commandes livrées;Montant',
      `${after.orders};${after.amount}`,
    ])
  })
})

describe('the budget', () => {
  it('ten clients checking out at once with a code of three uses: exactly three discounts, the others 409 in French', async () => {
    const c = await coupon({ code: 'TROIS', maxUses: 3 })
    const all = await clients(10)
    const answers = await Promise.all(all.map((k) => order(k.cookie, 'TROIS')))
    const ok = answers.filter((r) => r.statusCode === 201)
    expect(ok).toHaveLength(3)
    for (const r of answers.filter((a) => a.statusCode !== 201)) {
      expect(r.statusCode).toBe(409)
      expect(errorOf(r.body)).toMatchObject({ code: 'COUPON_REFUSED', error: COUPON_EXHAUSTED })
    }
    expect(await couponRow(c.id)).toMatchObject({ usesCount: 3, amountSpent: 3000 })
    expect(await t.db.select().from(couponUses).where(eq(couponUses.couponId, c.id))).toHaveLength(3)
  })

  it('a budget in francs stops at exactly 100 %: the last order takes what is left', async () => {
    const c = await coupon({ code: 'BUDGET', value: 4000, maxAmount: 10000 })
    const all = await clients(4)
    const answers = await Promise.all(all.map((k) => order(k.cookie, 'BUDGET')))
    const discounts = answers.filter((r) => r.statusCode === 201).map((r) => placed(r.body).couponDiscount)
    expect(discounts.sort()).toEqual([2000, 4000, 4000])
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(1)
    expect(await couponRow(c.id)).toMatchObject({ usesCount: 3, amountSpent: 10000 })
  })

  it('a cancelled order gives its use back: the code serves again', async () => {
    const c = await coupon({ code: 'UNSEUL', maxUses: 1 })
    const first = await client()
    const o = placed((await order(first.cookie, 'UNSEUL')).body)
    const second = await client()
    expect((await order(second.cookie, 'UNSEUL')).statusCode).toBe(409)
    const cancel = await post(t, '/_api/admin/orders/update-status', statusChange(o.id, 'cancelled'), staff)
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(await couponRow(c.id)).toMatchObject({ usesCount: 0, amountSpent: 0 })
    expect((await order(second.cookie, 'UNSEUL')).statusCode).toBe(201)
    // The cancelled order cannot come back: its use went to another.
    const back = await post(
      t,
      '/_api/admin/orders/update-status',
      statusChange(o.id, 'pending', 'cancelled'),
      staff,
    )
    expect(back.statusCode).toBe(409)
    expect(errorOf(back.body).error).toBe(
      'Le code promo de cette commande n’a plus de budget : impossible de la réactiver.',
    )
  })
})

describe('the client', () => {
  it('counts uses per phone number, not per account', async () => {
    await coupon({ code: 'PARTEL', perClient: 1 })
    const a = await client('+221 76 555 44 33')
    expect((await order(a.cookie, 'PARTEL')).statusCode).toBe(201)
    const again = await order(a.cookie, 'PARTEL')
    expect(again.statusCode).toBe(400)
    expect(errorOf(again.body).error).toBe('Vous avez déjà utilisé ce code promo autant de fois que permis.')
    // Another account with the same number (kept before the one-account-per-number rule): refused too.
    const twin = await client('+221 76 555 44 33')
    expect((await order(twin.cookie, 'PARTEL')).statusCode).toBe(400)
    // An account without a number cannot use a code limited per phone.
    const none = await createUser(t.db, { role: 'client', country: 'SN' })
    await t.db.update(users).set({ phoneNumber: null }).where(eq(users.id, none.id))
    const res = await order(await login(t, none.email), 'PARTEL')
    expect(errorOf(res.body).error).toBe(
      'Ce code promo est limité par numéro de téléphone : ajoutez votre numéro à votre compte pour l’utiliser.',
    )
  })

  it('first order only: refused once the client has an order that was not cancelled', async () => {
    await coupon({ code: 'BIENVENUE', firstOrderOnly: true })
    const k = await client()
    const first = placed((await order(k.cookie, undefined)).body)
    const res = await order(k.cookie, 'BIENVENUE')
    expect(errorOf(res.body).error).toBe('Ce code promo est réservé à une première commande.')
    await post(t, '/_api/admin/orders/update-status', statusChange(first.id, 'cancelled'), staff)
    expect((await order(k.cookie, 'BIENVENUE')).statusCode).toBe(201)
  })

  it('the minimum order is on the goods', async () => {
    await coupon({ code: 'MINI', minOrder: 20000 })
    const k = await client()
    const res = await order(k.cookie, 'MINI')
    expect(res.statusCode).toBe(400)
    expect(errorOf(res.body).error).toMatch(/^Ce code promo demande une commande d’au moins 20/)
    expect((await order(k.cookie, 'MINI', 2)).statusCode).toBe(201)
  })

  it('the dates are days of the country, in its time zone', async () => {
    // Two zones 25 hours apart: at any instant one of them is not on UTC's day.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await t.db.update(countries).set({ timeZone: zone }).where(eq(countries.id, snId))
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date())
      const day = new Date(`${today}T12:00:00Z`)
      const shift = (n: number) => new Date(day.getTime() + n * 86_400_000).toISOString().slice(0, 10)
      const tag = zone.slice(8, 12).toUpperCase()
      await coupon({ code: `JOUR-${tag}`, validFrom: today, validTo: today })
      await coupon({ code: `HIER-${tag}`, validTo: shift(-1) })
      await coupon({ code: `DEMAIN-${tag}`, validFrom: shift(1) })
      const k = await client()
      expect((await order(k.cookie, `JOUR-${tag}`)).statusCode, zone).toBe(201)
      const [d, m, y] = [shift(-1).slice(8), shift(-1).slice(5, 7), shift(-1).slice(0, 4)]
      expect(errorOf((await order(k.cookie, `HIER-${tag}`)).body).error).toBe(
        `Ce code promo a expiré le ${d}/${m}/${y}.`,
      )
      expect(errorOf((await order(k.cookie, `DEMAIN-${tag}`)).body).error).toMatch(
        /^Ce code promo n’est valable qu’à partir du/,
      )
    }
    await t.db.update(countries).set({ timeZone: 'Africa/Dakar' }).where(eq(countries.id, snId))
  })
})
