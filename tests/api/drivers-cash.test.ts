import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cashEntries, orders } from '../../src/server/db/schema'
import { STAFF_DELIVERED_REASON } from '../../src/server/services/money/cash'
import { createOrder, decode, post } from '../factories'
import {
  t,
  client,
  staff,
  newDriver,
  inDelivery,
  confirm,
  dashboard,
  entriesOf,
  report,
  useCashApp,
} from './drivers-cash-setup'

/** The drivers' cash (docs/rules/money.md#drivers-cash): a driver's confirmation, staff changing a status. */
useCashApp()

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
