import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cashEntries, orders } from '../../src/server/db/schema'
import { STAFF_DELIVERED_REASON } from '../../src/server/services/money/cash'
import { countryByCode, createOrder, createUser, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/** The drivers' cash (docs/rules/money.md#drivers-cash): confirmation, handovers, corrections, the daily report. */
type Entry = {
  id: number
  type: string
  driverId: number
  orderId: number | null
  amount: number
  amountDue: number | null
  heldBefore: number | null
  ecart: number | null
  reason: string | null
  actorName: string
  time: string
}
type Figures = {
  opening: number
  deliveries: number
  amountDue: number
  collected: number
  handedOver: number
  ecart: number
  collectionGap: number
  corrections: number
  closing: number
}
type Report = {
  country: { id: number; name: string; timeZone: string }
  date: string
  isToday: boolean
  drivers: (Figures & { driverId: number; driverName: string; balance: number })[]
  totals: Figures
  entries: Entry[]
  uncollected: { orderId: number; totalAmount: number; driverName: string | null }[]
}
type Signed = { user: { id: number; displayName: string; countryId: number | null }; cookie: string }

let t: TestApp
let client: Awaited<ReturnType<typeof createUser>>
let clientCm: Awaited<ReturnType<typeof createUser>>
const staff = {} as Record<'root' | 'super_admin' | 'admin' | 'adminMl', string>

beforeAll(async () => {
  t = await createTestApp()
  client = await createUser(t.db, { country: 'SN' })
  clientCm = await createUser(t.db, { country: 'CM' })
  staff.root = (await signedIn(t, 'root', 'SN')).cookie
  staff.super_admin = (await signedIn(t, 'super_admin', 'SN')).cookie
  staff.admin = (await signedIn(t, 'admin', 'SN')).cookie
  staff.adminMl = (await signedIn(t, 'admin', 'ML')).cookie
})
afterAll(() => t.close())

/** A new driver of a country, signed in. */
const newDriver = (cc = 'SN'): Promise<Signed> => signedIn(t, 'delivery_driver', cc)
/** An order of `total` francs in delivery with this driver. */
const inDelivery = (driver: Signed, total = 10_000, user = client) =>
  createOrder(t.db, {
    user,
    status: 'in_delivery',
    driverId: driver.user.id,
    lines: [{ price: total, quantity: 1, unitType: 'unit' }],
  })
const confirm = (driver: Signed, body: Record<string, unknown>) =>
  post(t, '/_api/delivery/confirm', body, driver.cookie)
const dashboard = async (driver: Signed) =>
  decode<{
    cash: {
      balance: number
      dues: { orderId: number; amountDue: number }[]
      collected: { orderId: number; amount: number }[]
      entries: Entry[]
    }
  }>((await get(t, '/_api/dashboard/delivery', driver.cookie)).body).cash
const entriesOf = (driverId: number) =>
  t.db.select().from(cashEntries).where(eq(cashEntries.driverId, driverId)).orderBy(cashEntries.id)
const handover = (body: Record<string, unknown>, cookie = staff.admin) =>
  post(t, '/_api/admin/cash/handover', body, cookie)
const correction = (body: Record<string, unknown>, cookie = staff.admin) =>
  post(t, '/_api/admin/cash/correction', body, cookie)
const report = async (query: string, cookie = staff.admin) => {
  const res = await get(t, `/_api/admin/cash/report${query}`, cookie)
  expect(res.statusCode, res.body).toBe(200)
  return decode<Report>(res.body)
}

describe('a driver’s confirmation records the cash collected', () => {
  it('records the amount due by default, and the driver sees its balance and dues', async () => {
    const driver = await newDriver()
    const a = await inDelivery(driver, 12_500)
    const b = await inDelivery(driver, 4_000)
    expect((await dashboard(driver)).dues).toEqual(
      expect.arrayContaining([
        { orderId: a.id, amountDue: 12_500 },
        { orderId: b.id, amountDue: 4_000 },
      ]),
    )
    const res = await confirm(driver, { orderId: a.id })
    expect(res.statusCode).toBe(200)
    expect(decode<{ order: { status: string; paymentStatus: string } }>(res.body).order).toMatchObject({
      status: 'delivered',
      paymentStatus: 'paid',
    })
    const [entry] = await entriesOf(driver.user.id)
    expect(entry).toMatchObject({
      type: 'collected',
      orderId: a.id,
      amount: 12_500,
      amountDue: 12_500,
      reason: null,
      actorId: driver.user.id,
    })
    const cash = await dashboard(driver)
    expect(cash.balance).toBe(12_500)
    expect(cash.entries[0]).toMatchObject({ type: 'collected', amount: 12_500, orderId: a.id })
  })

  it('takes another amount with its reason; without a reason it answers 400 and changes nothing', async () => {
    const driver = await newDriver()
    const o = await inDelivery(driver, 10_000)
    const refused = await confirm(driver, { orderId: o.id, cashCollected: 9_000 })
    expect(refused.statusCode).toBe(400)
    const message = 'Indiquez la raison de la différence avec le montant dû (10\u202f000\u00a0F\u202fCFA).'
    expect(refused.json().error).toBe(message)
    expect(refused.json().fieldErrors).toEqual({ cashReason: [message] })
    for (const body of [{ cashReason: '   ' }, { cashReason: '' }]) {
      expect((await confirm(driver, { orderId: o.id, cashCollected: 9_000, ...body })).statusCode).toBe(400)
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id))
    expect(row!.status).toBe('in_delivery')
    expect(await entriesOf(driver.user.id)).toEqual([])

    const ok = await confirm(driver, {
      orderId: o.id,
      cashCollected: 9_000,
      cashReason: 'Client a payé 9 000',
    })
    expect(ok.statusCode).toBe(200)
    expect(await entriesOf(driver.user.id)).toMatchObject([
      { type: 'collected', amount: 9_000, amountDue: 10_000, reason: 'Client a payé 9 000' },
    ])
    const cash = await dashboard(driver)
    expect(cash.balance).toBe(9_000)
    expect(cash.collected).toContainEqual({ orderId: o.id, amount: 9_000 })
  })

  it('refuses an amount that is not whole francs, negative or too large', async () => {
    const driver = await newDriver()
    const o = await inDelivery(driver)
    for (const cashCollected of [-1, 1.5, '100', null, 1_000_000_001]) {
      const res = await confirm(driver, { orderId: o.id, cashCollected, cashReason: 'x' })
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toMatch(/^Le montant encaissé/)
    }
    expect(await entriesOf(driver.user.id)).toEqual([])
  })

  it('a driver confirms only its own orders: another driver’s answers 404 and records nothing', async () => {
    const driver = await newDriver()
    const other = await newDriver()
    const o = await inDelivery(other)
    expect((await confirm(driver, { orderId: o.id, cashCollected: 0, cashReason: 'x' })).statusCode).toBe(404)
    expect(await entriesOf(driver.user.id)).toEqual([])
    expect(await entriesOf(other.user.id)).toEqual([])
  })
})

describe('staff changing a status', () => {
  it('marking an order delivered records the amount due against its driver; without a driver, nothing', async () => {
    const driver = await newDriver()
    const o = await createOrder(t.db, {
      user: client,
      status: 'in_preparation',
      driverId: driver.user.id,
      lines: [{ price: 2500, quantity: 2, unitType: 'unit' }],
    })
    const res = await post(
      t,
      '/_api/admin/orders/update-status',
      { orderId: o.id, status: 'delivered' },
      staff.admin,
    )
    expect(res.statusCode).toBe(200)
    expect(await entriesOf(driver.user.id)).toMatchObject([
      { type: 'collected', orderId: o.id, amount: 5_000, amountDue: 5_000, reason: STAFF_DELIVERED_REASON },
    ])
    const alone = await createOrder(t.db, {
      user: client,
      status: 'in_preparation',
      lines: [{ price: 2500, quantity: 2, unitType: 'unit' }],
    })
    await post(t, '/_api/admin/orders/update-status', { orderId: alone.id, status: 'delivered' }, staff.admin)
    expect(await t.db.select().from(cashEntries).where(eq(cashEntries.orderId, alone.id))).toEqual([])
    const r = await report('')
    expect(r.uncollected).toContainEqual({
      orderId: alone.id,
      customerName: client.displayName,
      totalAmount: 5_000,
      driverName: null,
    })
    expect(r.uncollected.map((u) => u.orderId)).not.toContain(o.id)
  })

  it('moving a delivered order back keeps its cash; delivered again, nothing more is due', async () => {
    const driver = await newDriver()
    const o = await inDelivery(driver, 8_000)
    await confirm(driver, { orderId: o.id })
    for (const status of ['in_delivery', 'delivered', 'in_delivery'])
      await post(t, '/_api/admin/orders/update-status', { orderId: o.id, status }, staff.admin)
    expect((await dashboard(driver)).dues).toContainEqual({ orderId: o.id, amountDue: 0 })
    expect((await confirm(driver, { orderId: o.id })).statusCode).toBe(200)
    const entries = await entriesOf(driver.user.id)
    expect(entries.map((e) => [e.type, e.amount, e.amountDue])).toEqual([
      ['collected', 8_000, 8_000],
      ['collected', 0, 0],
    ])
    expect((await dashboard(driver)).balance).toBe(8_000)
  })
})

describe('handovers and corrections', () => {
  it('a handover lowers the balance by what was handed over and keeps the écart', async () => {
    const driver = await newDriver()
    await confirm(driver, { orderId: (await inDelivery(driver, 10_000)).id })
    await confirm(driver, { orderId: (await inDelivery(driver, 6_000)).id })
    const short = await handover({ driverId: driver.user.id, amount: 15_500, note: 'Billet manquant' })
    expect(short.statusCode).toBe(200)
    expect(decode<{ entry: Entry; balance: number }>(short.body)).toMatchObject({
      entry: {
        type: 'handover',
        amount: -15_500,
        heldBefore: 16_000,
        ecart: -500,
        reason: 'Billet manquant',
      },
      balance: 500,
    })
    // More than held: accepted, the balance goes below zero (decision 0026).
    const over = decode<{ entry: Entry; balance: number }>(
      (await handover({ driverId: driver.user.id, amount: 1_000 }, staff.super_admin)).body,
    )
    expect(over).toMatchObject({ entry: { heldBefore: 500, ecart: 500, reason: null }, balance: -500 })
    expect((await dashboard(driver)).balance).toBe(-500)
  })

  it('a correction is a new signed entry with its reason', async () => {
    const driver = await newDriver()
    const o = await inDelivery(driver, 3_000)
    await confirm(driver, { orderId: o.id })
    const res = await correction({
      driverId: driver.user.id,
      amount: -3_000,
      reason: 'Client remboursé',
      orderId: o.id,
    })
    expect(res.statusCode).toBe(200)
    expect(decode<{ entry: Entry; balance: number }>(res.body)).toMatchObject({
      entry: { type: 'correction', amount: -3_000, orderId: o.id, reason: 'Client remboursé' },
      balance: 0,
    })
    expect((await entriesOf(driver.user.id)).map((e) => e.amount)).toEqual([3_000, -3_000])
  })

  it('answers 400 in French for bad input, and writes nothing', async () => {
    const driver = await newDriver()
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'handover',
        { driverId: driver.user.id, amount: 0 },
        'Le montant remis doit être un nombre entier de francs supérieur à 0.',
      ],
      [
        'handover',
        { driverId: driver.user.id, amount: 10.5 },
        'Le montant remis doit être un nombre entier de francs supérieur à 0.',
      ],
      ['handover', { driverId: driver.user.id, amount: 2_000_000_000 }, 'Le montant remis est trop élevé.'],
      ['handover', { amount: 100 }, 'Veuillez sélectionner un livreur'],
      ['correction', { driverId: driver.user.id, amount: 100 }, 'Indiquez la raison de la correction.'],
      [
        'correction',
        { driverId: driver.user.id, amount: 100, reason: '  ' },
        'Indiquez la raison de la correction.',
      ],
      [
        'correction',
        { driverId: driver.user.id, amount: 0, reason: 'x' },
        'Le montant de la correction doit être un nombre entier de francs, différent de 0.',
      ],
    ]
    for (const [kind, body, error] of cases) {
      const res = await (kind === 'handover' ? handover(body) : correction(body))
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().error).toBe(error)
    }
    expect(await entriesOf(driver.user.id)).toEqual([])
  })

  it('staff reach only their country’s drivers and orders (404), root every country', async () => {
    const driverMl = await newDriver('ML')
    const driverSn = await newDriver()
    for (const cookie of [staff.admin, staff.super_admin]) {
      expect((await handover({ driverId: driverMl.user.id, amount: 100 }, cookie)).statusCode).toBe(404)
      expect(
        (await correction({ driverId: driverMl.user.id, amount: 100, reason: 'x' }, cookie)).statusCode,
      ).toBe(404)
    }
    // Not a driver: 404 as well.
    expect((await handover({ driverId: client.id, amount: 100 })).statusCode).toBe(404)
    const orderCm = await createOrder(t.db, { user: clientCm })
    expect(
      (await correction({ driverId: driverSn.user.id, amount: 100, reason: 'x', orderId: orderCm.id }))
        .statusCode,
    ).toBe(404)
    expect(await entriesOf(driverMl.user.id)).toEqual([])
    expect((await handover({ driverId: driverMl.user.id, amount: 100 }, staff.root)).statusCode).toBe(200)
    expect((await handover({ driverId: driverMl.user.id, amount: 100 }, staff.adminMl)).statusCode).toBe(200)
  })

  it('the database refuses to change or delete an entry', async () => {
    const driver = await newDriver()
    await handover({ driverId: driver.user.id, amount: 100 })
    await expect(
      t.db.execute(sql`update cash_entries set amount = 1 where driver_id = ${driver.user.id}`),
    ).rejects.toThrow()
    await expect(
      t.db.execute(sql`delete from cash_entries where driver_id = ${driver.user.id}`),
    ).rejects.toThrow()
    await expect(t.db.execute(sql`truncate cash_entries`)).rejects.toThrow()
    expect(await entriesOf(driver.user.id)).toHaveLength(1)
  })
})

describe('GET /_api/admin/cash/report', () => {
  it('adds up per driver and in total, for the day asked, in the country’s time zone', async () => {
    const cm = await countryByCode(t.db, 'CM') // Africa/Douala, UTC+1
    const driver = await newDriver('CM')
    const root = staff.root
    const o1 = await createOrder(t.db, { user: clientCm, status: 'delivered', driverId: driver.user.id })
    const o2 = await createOrder(t.db, { user: clientCm, status: 'delivered', driverId: driver.user.id })
    const at = (iso: string) => new Date(iso)
    const entry = (v: Partial<typeof cashEntries.$inferInsert> & { createdAt: Date }) =>
      t.db.insert(cashEntries).values({
        driverId: driver.user.id,
        countryId: cm.id,
        actorId: driver.user.id,
        type: 'correction',
        amount: 0,
        ...v,
      })
    // 2026-03-09 23:30 UTC is 2026-03-10 00:30 in Douala: the 10th's.
    await entry({
      type: 'collected',
      orderId: o1.id,
      amount: 7_000,
      amountDue: 7_000,
      createdAt: at('2026-03-09T12:00:00Z'),
    })
    await entry({
      type: 'collected',
      orderId: o2.id,
      amount: 9_000,
      amountDue: 10_000,
      reason: 'Manque',
      createdAt: at('2026-03-09T23:30:00Z'),
    })
    await entry({
      type: 'handover',
      amount: -15_000,
      heldBefore: 16_000,
      createdAt: at('2026-03-10T18:00:00Z'),
    })
    await entry({
      type: 'correction',
      amount: 500,
      reason: 'Rendu oublié',
      createdAt: at('2026-03-10T19:00:00Z'),
    })
    await entry({
      type: 'collected',
      orderId: o1.id,
      amount: 0,
      amountDue: 0,
      createdAt: at('2026-03-10T23:10:00Z'),
    })

    const day10 = await report(`?countryId=${cm.id}&date=2026-03-10`, root)
    expect(day10).toMatchObject({
      country: { id: cm.id, timeZone: 'Africa/Douala' },
      date: '2026-03-10',
      isToday: false,
    })
    const row = day10.drivers.find((d) => d.driverId === driver.user.id)!
    expect(row).toMatchObject({
      opening: 7_000,
      deliveries: 1,
      amountDue: 10_000,
      collected: 9_000,
      handedOver: 15_000,
      // docs/rules/money.md#partly-paid: the collection's gap (9 000 of 10 000) and the handover's.
      ecart: -2_000,
      collectionGap: -1_000,
      corrections: 500,
      closing: 1_500,
      balance: 1_500,
    })
    expect(row.opening + row.collected + row.corrections - row.handedOver).toBe(row.closing)
    expect(day10.entries.map((e) => [e.type, e.time])).toEqual([
      ['collected', '00:30'],
      ['handover', '19:00'],
      ['correction', '20:00'],
    ])
    // The 11th starts at 23:00 UTC on the 10th.
    const day11 = await report(`?countryId=${cm.id}&date=2026-03-11`, root)
    expect(day11.drivers.find((d) => d.driverId === driver.user.id)).toMatchObject({
      opening: 1_500,
      deliveries: 1,
      collected: 0,
      closing: 1_500,
    })
    for (const r of [day10, day11]) {
      for (const k of [
        'opening',
        'deliveries',
        'amountDue',
        'collected',
        'handedOver',
        'ecart',
        'corrections',
        'closing',
      ] as const)
        expect(r.totals[k]).toBe(r.drivers.reduce((s, d) => s + d[k], 0))
    }
  })

  it('answers today by default, the caller’s own country for staff; root must choose', async () => {
    const sn = await countryByCode(t.db, 'SN')
    const today = await report('')
    expect(today).toMatchObject({ country: { id: sn.id }, isToday: true })
    const ml = await countryByCode(t.db, 'ML')
    expect((await get(t, `/_api/admin/cash/report?countryId=${ml.id}`, staff.admin)).statusCode).toBe(404)
    expect((await report(`?countryId=${sn.id}`)).country.id).toBe(sn.id)
    const noCountry = await get(t, '/_api/admin/cash/report', staff.root)
    expect(noCountry.statusCode).toBe(400)
    expect(noCountry.json().error).toBe('Choisissez un pays.')
    expect((await get(t, '/_api/admin/cash/report?countryId=999999', staff.root)).statusCode).toBe(404)
    for (const date of ['2026-02-30', '1999-12-31', '2101-01-01', 'hier']) {
      const res = await get(t, `/_api/admin/cash/report?date=${date}`, staff.admin)
      expect(res.statusCode, date).toBe(400)
      expect(res.json().error).toBe(
        'La date doit être un jour valide (AAAA-MM-JJ) entre le 01/01/2000 et le 31/12/2100.',
      )
    }
  })

  it('today’s report of Sénégal holds the driver’s confirmations and handovers as they happen', async () => {
    const driver = await newDriver()
    await confirm(driver, { orderId: (await inDelivery(driver, 20_000)).id })
    await confirm(driver, {
      orderId: (await inDelivery(driver, 5_000)).id,
      cashCollected: 4_000,
      cashReason: 'Monnaie',
    })
    await handover({ driverId: driver.user.id, amount: 23_000 })
    const row = (await report('')).drivers.find((d) => d.driverId === driver.user.id)!
    expect(row).toMatchObject({
      opening: 0,
      deliveries: 2,
      amountDue: 25_000,
      collected: 24_000,
      handedOver: 23_000,
      // 4 000 collected of 5 000 due, 23 000 handed over of 24 000 held.
      ecart: -2_000,
      collectionGap: -1_000,
      corrections: 0,
      closing: 1_000,
      balance: 1_000,
    })
  })
})
