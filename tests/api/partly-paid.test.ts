import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cashEntries, loyaltyTransactions, orderEvents, orders, users } from '../../src/server/db/schema'
import { STAFF_REST_REASON } from '../../src/server/services/money/partly-paid'
import { countryByCode, createOrder, createUser, decode, get, login, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/rules/money.md#partly-paid (decision 0054): a driver's collection short of the amount due
 * leaves the order partly paid; what it still owes is on the order, the client's pages and the
 * daily report (every day's, until paid); its points follow what was paid; the rest, collected by
 * the driver or recorded by staff, completes it.
 */
type Signed = Awaited<ReturnType<typeof signedIn>>
type OrderAnswer = {
  id: number
  status: string
  paymentStatus: string
  amountPaid: number
  totalAmount: number
  pointsEarned: number
}
type Report = {
  date: string
  drivers: { driverId: number; ecart: number; collectionGap: number; amountDue: number; collected: number }[]
  totals: Record<
    | 'opening'
    | 'deliveries'
    | 'amountDue'
    | 'collected'
    | 'handedOver'
    | 'ecart'
    | 'collectionGap'
    | 'corrections'
    | 'closing',
    number
  >
  owed: {
    orderId: number
    customerName: string
    totalAmount: number
    amountPaid: number
    amountOwed: number
    driverName: string | null
    deliveredOn: string | null
  }[]
}

let t: TestApp
let client: Awaited<ReturnType<typeof createUser>>
let clientCookie: string
let admin: string
let adminMl: string

beforeAll(async () => {
  t = await createTestApp()
  client = await createUser(t.db, { country: 'SN' })
  clientCookie = await login(t, client.email)
  admin = (await signedIn(t, 'admin', 'SN')).cookie
  adminMl = (await signedIn(t, 'admin', 'ML')).cookie
})
afterAll(() => t.close())

const inDelivery = (driver: Signed, total: number) =>
  createOrder(t.db, {
    user: client,
    status: 'in_delivery',
    driverId: driver.user.id,
    lines: [{ price: total, quantity: 1, unitType: 'unit' }],
  })
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!
const earnedOn = async (orderId: number) =>
  (await t.db.select().from(loyaltyTransactions).where(eq(loyaltyTransactions.orderId, orderId)))
    .filter((m) => m.transactionType === 'earned' || m.transactionType === 'reversed')
    .map((m) => m.points)
const balanceMatchesLedger = async () => {
  const [u] = await t.db.select().from(users).where(eq(users.id, client.id))
  const all = await t.db.select().from(loyaltyTransactions).where(eq(loyaltyTransactions.userId, client.id))
  expect(u!.loyaltyPoints).toBe(all.reduce((s, m) => s + m.points, 0))
}
const report = async (query = '', cookie = admin) => {
  const res = await get(t, `/_api/admin/cash/report${query}`, cookie)
  expect(res.statusCode, res.body).toBe(200)
  return decode<Report>(res.body)
}
/** The driver collects 8 000 F of a 9 000 F order, saying why. */
async function shortCollection(driver: Signed) {
  const o = await inDelivery(driver, 9_000)
  const res = await post(
    t,
    '/_api/delivery/confirm',
    { orderId: o.id, cashCollected: 8_000, cashReason: 'Le client n’avait que 8 000' },
    driver.cookie,
  )
  expect(res.statusCode, res.body).toBe(200)
  return o
}

describe('a collection short of the amount due', () => {
  it('leaves the order partly paid, earns points on what was paid, and shows the rest everywhere', async () => {
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const o = await shortCollection(driver)
    expect(await orderRow(o.id)).toMatchObject({
      status: 'delivered',
      paymentStatus: 'partly_paid',
      amountPaid: 8_000,
      totalAmount: 9_000,
      pointsEarned: 80,
    })
    expect(await earnedOn(o.id)).toEqual([80])
    await balanceMatchesLedger()
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))
    expect(events.filter((e) => e.type === 'payment').map((e) => [e.fromValue, e.toValue])).toEqual([
      ['pending', 'partly_paid'],
    ])

    // The client's order page and history, the staff order page.
    const mine = decode<{ order: OrderAnswer }>(
      (await get(t, `/_api/orders/details?orderId=${o.id}`, clientCookie)).body,
    ).order
    expect(mine).toMatchObject({ paymentStatus: 'partly_paid', amountPaid: 8_000, totalAmount: 9_000 })
    const history = decode<{ orders: OrderAnswer[] }>(
      (await get(t, '/_api/orders', clientCookie)).body,
    ).orders
    expect(history.find((h) => h.id === o.id)).toMatchObject({
      paymentStatus: 'partly_paid',
      amountPaid: 8_000,
    })
    const staff = decode<{ order: OrderAnswer }>(
      (await get(t, `/_api/orderdetails?orderId=${o.id}`, admin)).body,
    ).order
    expect(staff).toMatchObject({ paymentStatus: 'partly_paid', amountPaid: 8_000 })

    // The driver's dashboard: what it collected, and the rest owed.
    const dash = decode<{ cash: { owed: { orderId: number; amountOwed: number }[] } }>(
      (await get(t, '/_api/dashboard/delivery', driver.cookie)).body,
    )
    expect(dash.cash.owed).toEqual([{ orderId: o.id, amountOwed: 1_000 }])

    // The daily report: the écart counts the gap, and the order is listed with what it owes.
    const r = await report()
    const row = r.drivers.find((d) => d.driverId === driver.user.id)!
    expect(row).toMatchObject({ amountDue: 9_000, collected: 8_000, ecart: -1_000, collectionGap: -1_000 })
    expect(r.owed).toContainEqual({
      orderId: o.id,
      customerName: client.displayName,
      totalAmount: 9_000,
      amountPaid: 8_000,
      amountOwed: 1_000,
      driverName: driver.user.displayName,
      deliveredOn: r.date,
    })
    // Across days: another day's report lists it still.
    expect((await report('?date=2099-01-01')).owed.map((x) => x.orderId)).toContain(o.id)
    // Not in another country's.
    expect((await report('', adminMl)).owed.map((x) => x.orderId)).not.toContain(o.id)
  })

  it('the écart adds the collections’ gaps to the handovers’', async () => {
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    await shortCollection(driver)
    const res = await post(t, '/_api/admin/cash/handover', { driverId: driver.user.id, amount: 7_500 }, admin)
    expect(res.statusCode).toBe(200)
    const row = (await report()).drivers.find((d) => d.driverId === driver.user.id)!
    // Collected 8 000 of 9 000 (−1 000), handed over 7 500 of 8 000 held (−500).
    expect(row).toMatchObject({ ecart: -1_500, collectionGap: -1_000 })
  })
})

describe('the rest paid later', () => {
  it('the driver collects it: paid, the rest of the points earned, off the report', async () => {
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const o = await shortCollection(driver)
    const res = await post(t, '/_api/delivery/collect-rest', { orderId: o.id }, driver.cookie)
    expect(res.statusCode, res.body).toBe(200)
    expect(decode<{ order: OrderAnswer }>(res.body).order).toMatchObject({
      paymentStatus: 'paid',
      amountPaid: 9_000,
      pointsEarned: 90,
    })
    expect(await earnedOn(o.id)).toEqual([80, 10])
    await balanceMatchesLedger()
    const entries = await t.db.select().from(cashEntries).where(eq(cashEntries.orderId, o.id))
    expect(entries.map((e) => [e.type, e.amount, e.amountDue, e.driverId])).toEqual([
      ['collected', 8_000, 9_000, driver.user.id],
      ['collected', 1_000, 1_000, driver.user.id],
    ])
    const r = await report()
    expect(r.owed.map((x) => x.orderId)).not.toContain(o.id)
    // Collected the same day, the rest pays back the delivery's gap: the order is due once that day.
    expect(r.drivers.find((d) => d.driverId === driver.user.id)).toMatchObject({
      ecart: 0,
      amountDue: 9_000,
      collected: 9_000,
    })
    // Nothing is owed any more.
    const again = await post(t, '/_api/delivery/collect-rest', { orderId: o.id }, driver.cookie)
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toBe('Cette commande ne doit plus rien.')
  })

  it('staff record it, in parts: the points follow what is paid, the cash is the driver’s', async () => {
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const o = await shortCollection(driver)
    const part = await post(t, '/_api/admin/orders/collect-rest', { orderId: o.id, amount: 400 }, admin)
    expect(part.statusCode, part.body).toBe(200)
    expect(decode<{ order: OrderAnswer }>(part.body).order).toMatchObject({
      paymentStatus: 'partly_paid',
      amountPaid: 8_400,
      pointsEarned: 84,
    })
    expect((await report()).owed.find((x) => x.orderId === o.id)?.amountOwed).toBe(600)
    const rest = await post(t, '/_api/admin/orders/collect-rest', { orderId: o.id }, admin)
    expect(decode<{ order: OrderAnswer }>(rest.body).order).toMatchObject({
      paymentStatus: 'paid',
      amountPaid: 9_000,
      pointsEarned: 90,
    })
    expect(await earnedOn(o.id)).toEqual([80, 4, 6])
    await balanceMatchesLedger()
    const entries = await t.db.select().from(cashEntries).where(eq(cashEntries.orderId, o.id))
    expect(entries.slice(1).map((e) => [e.amount, e.amountDue, e.driverId, e.reason])).toEqual([
      [400, 1_000, driver.user.id, STAFF_REST_REASON],
      [600, 600, driver.user.id, STAFF_REST_REASON],
    ])
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))
    expect(events.filter((e) => e.type === 'payment').map((e) => e.toValue)).toEqual([
      'partly_paid',
      'partly_paid',
      'paid',
    ])
  })

  it('refuses what it must, in French, and changes nothing', async () => {
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const other = await signedIn(t, 'delivery_driver', 'SN')
    const o = await shortCollection(driver)
    const before = await orderRow(o.id)
    const cases: [string, Record<string, unknown>, string, number, string][] = [
      [
        '/_api/admin/orders/collect-rest',
        { orderId: o.id, amount: 1_001 },
        admin,
        400,
        'Le montant dépasse le reste dû (1\u202f000\u00a0F\u202fCFA).',
      ],
      [
        '/_api/admin/orders/collect-rest',
        { orderId: o.id, amount: 0 },
        admin,
        400,
        'Le montant encaissé doit être supérieur à 0.',
      ],
      [
        '/_api/admin/orders/collect-rest',
        { orderId: o.id, amount: 1.5 },
        admin,
        400,
        'Le montant encaissé doit être un nombre entier de francs, positif ou nul.',
      ],
      ['/_api/admin/orders/collect-rest', { orderId: o.id }, adminMl, 404, 'Commande non trouvée'],
      ['/_api/delivery/collect-rest', { orderId: o.id }, other.cookie, 404, 'Commande non trouvée'],
      [
        '/_api/delivery/collect-rest',
        { orderId: o.id, amount: 500 },
        driver.cookie,
        400,
        'Indiquez la raison de la différence avec le montant dû (1\u202f000\u00a0F\u202fCFA).',
      ],
    ]
    for (const [url, body, cookie, status, error] of cases) {
      const res = await post(t, url, body, cookie)
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(status)
      if (status === 400) expect(res.json().error).toBe(error)
    }
    expect((await post(t, '/_api/delivery/collect-rest', { orderId: o.id }, clientCookie)).statusCode).toBe(
      403,
    )
    expect(await orderRow(o.id)).toEqual(before)
    expect(await t.db.select().from(cashEntries).where(eq(cashEntries.orderId, o.id))).toHaveLength(1)
    // A fully paid order owes nothing.
    const paid = await inDelivery(driver, 5_000)
    await post(t, '/_api/delivery/confirm', { orderId: paid.id }, driver.cookie)
    expect((await orderRow(paid.id)).paymentStatus).toBe('paid')
    expect((await post(t, '/_api/admin/orders/collect-rest', { orderId: paid.id }, admin)).statusCode).toBe(
      409,
    )
    // Mobile money is not offered for the rest: it is cash, to the driver or at the shop.
    const mm = await post(t, '/_api/payments/start', { orderId: o.id, wallet: 'Wave' }, clientCookie)
    expect(mm.statusCode).toBe(409)
  })

  it('moved back and delivered again, only the rest is due; cancelled, it is refunded and owes nothing', async () => {
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const o = await shortCollection(driver)
    for (const status of ['in_delivery'])
      await post(t, '/_api/admin/orders/update-status', { orderId: o.id, status }, admin)
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'partly_paid', pointsEarned: 0 })
    const dash = decode<{ cash: { dues: { orderId: number; amountDue: number }[] } }>(
      (await get(t, '/_api/dashboard/delivery', driver.cookie)).body,
    )
    expect(dash.cash.dues).toContainEqual({ orderId: o.id, amountDue: 1_000 })
    expect((await post(t, '/_api/delivery/confirm', { orderId: o.id }, driver.cookie)).statusCode).toBe(200)
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'paid', amountPaid: 9_000, pointsEarned: 90 })
    expect(await earnedOn(o.id)).toEqual([80, -80, 90])

    const c = await shortCollection(driver)
    const cancel = await post(
      t,
      '/_api/admin/orders/update-status',
      { orderId: c.id, status: 'cancelled', reason: 'Erreur de commande' },
      admin,
    )
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(await orderRow(c.id)).toMatchObject({ paymentStatus: 'refunded', pointsEarned: 0 })
    expect((await report()).owed.map((x) => x.orderId)).not.toContain(c.id)
    await balanceMatchesLedger()
  })

  it('an order paid by mobile money is paid whole: delivered, it owes nothing', async () => {
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const o = await inDelivery(driver, 16_000)
    const res = await post(t, '/_api/delivery/payments/start', { orderId: o.id }, driver.cookie)
    expect(res.statusCode).toBe(200)
    const attempt = decode<{ attempt: { reference: string } }>(res.body).attempt
    const fake = t.deps.payments.fake!
    fake.decide(fake.payment(attempt.reference)!.id, 'pay')
    await t.deps.payments.idle()
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'paid', amountPaid: 16_000 })
    expect((await post(t, '/_api/delivery/confirm', { orderId: o.id }, driver.cookie)).statusCode).toBe(200)
    expect(await orderRow(o.id)).toMatchObject({
      status: 'delivered',
      paymentStatus: 'paid',
      pointsEarned: 160,
    })
    expect((await report()).owed.map((x) => x.orderId)).not.toContain(o.id)
  })
})

describe('the daily report as CSV', () => {
  it('has the figures, the orders that still owe and the day’s entries; another country’s is 404', async () => {
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const o = await shortCollection(driver)
    const res = await get(t, '/_api/admin/cash/report/export', admin)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="caisse-\d{4}-\d{2}-\d{2}/)
    const text = res.body
    expect(text.startsWith('\uFEFFCaisse des livreurs;Sénégal;')).toBe(true)
    const lines = text.split('\r\n')
    expect(lines).toContain(
      'Livreur;Solde début;Livraisons;Montant dû;Encaissé;Remis;Écart;dont encaissements;Corrections;Reste en caisse',
    )
    expect(lines).toContain('Commandes avec un reste dû')
    expect(lines.find((l) => l.startsWith(`${o.id};`))).toMatch(
      new RegExp(
        `^${o.id};${client.displayName};\\d{4}-\\d{2}-\\d{2};${driver.user.displayName};9000;8000;1000$`,
      ),
    )
    expect(lines.some((l) => l.includes(`;Encaissement;${o.id};8000;9000;-1000;`))).toBe(true)
    const { totals: f } = await report()
    expect(lines).toContain(
      `Total;${[f.opening, f.deliveries, f.amountDue, f.collected, f.handedOver, f.ecart, f.collectionGap, f.corrections, f.closing].join(';')}`,
    )
    const sn = await countryByCode(t.db, 'SN')
    expect((await get(t, `/_api/admin/cash/report/export?countryId=${sn.id}`, adminMl)).statusCode).toBe(404)
    expect((await get(t, '/_api/admin/cash/report/export', clientCookie)).statusCode).toBe(403)
  })
})
