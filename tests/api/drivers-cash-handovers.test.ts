import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cashEntries } from '../../src/server/db/schema'
import { countryByCode, createOrder, decode, get } from '../factories'
import {
  type Entry,
  t,
  client,
  clientCm,
  staff,
  newDriver,
  inDelivery,
  confirm,
  dashboard,
  entriesOf,
  handover,
  correction,
  report,
  useCashApp,
} from './drivers-cash-setup'

/** The drivers' cash (docs/rules/money.md#drivers-cash): handovers, corrections, the daily report. */
useCashApp()

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
