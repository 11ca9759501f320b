import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cashEntries, campaignReservations, paymentEvents, users } from '../../src/server/db/schema'
import { decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { addAnimal, iso, openCampaign, reservationRow, reserveAnimal } from './campaign-fixtures'

/**
 * docs/rules/campaigns-operations.md#delivery-on-the-eve (decision 0082): staff give a ready
 * reservation of a delivery slot to a driver of its country; the driver delivers it, collecting
 * the balance in cash into its ledger, counted by the daily cash report.
 */
describe('campaigns: animals delivered on the eve by the shop’s drivers', () => {
  let t: TestApp
  let staff: string
  let client: string
  let clientId: number
  type Driver = { user: { id: number }; cookie: string }
  let driver: Driver
  let other: Driver
  let foreignDriver: Driver

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
    staff = (await signedIn(t, 'admin', 'SN')).cookie
    const c = await signedIn(t, 'client', 'SN')
    client = c.cookie
    clientId = c.user.id
    driver = await signedIn(t, 'delivery_driver', 'SN')
    other = await signedIn(t, 'delivery_driver', 'SN')
    foreignDriver = await signedIn(t, 'delivery_driver', 'CI')
  })
  afterAll(() => t.close())

  const assign = (reservationId: number, driverId: number) =>
    post(t, '/_api/admin/campaigns/reservations/assign-driver', { reservationId, driverId }, staff)
  const delivered = (reservationId: number, d: Driver, cashCollected?: number) =>
    post(
      t,
      '/_api/delivery/campaign-delivered',
      cashCollected === undefined ? { reservationId } : { reservationId, cashCollected },
      d.cookie,
    )
  const entriesOf = (reservationId: number) =>
    t.db.select().from(cashEntries).where(eq(cashEntries.reservationId, reservationId))
  const points = async () => (await t.db.select().from(users).where(eq(users.id, clientId)))[0]!.loyaltyPoints

  /** A reservation of 150 000 F, its deposit (45 000 F) paid in cash, ready, in a slot of `kind`. */
  async function ready(kind: 'delivery' | 'collection' = 'delivery') {
    const c = await openCampaign(t, staff)
    const slot = await post(
      t,
      '/_api/admin/campaigns/slots/create',
      {
        campaignId: c.id,
        kind,
        startsAt: iso(Date.now() + 24 * 3_600_000),
        endsAt: iso(Date.now() + 26 * 3_600_000),
        capacity: 5,
      },
      staff,
    )
    expect(slot.statusCode, slot.body).toBe(200)
    const slotId = decode<{ slot: { id: number } }>(slot.body).slot.id
    const a = await addAnimal(t, staff, c.id)
    const r = await reserveAnimal(t, client, a.id)
    const cash = await post(
      t,
      '/_api/admin/campaigns/reservations/cash',
      { reservationId: r.id, amount: 45_000 },
      staff,
    )
    expect(cash.statusCode, cash.body).toBe(200)
    await t.db
      .update(campaignReservations)
      .set({
        slotId,
        recipientName: 'Awa Diop',
        recipientPhone: '+221770000001',
        recipientAddress: 'Plateau, rue 3',
      })
      .where(eq(campaignReservations.id, r.id))
    const step = await post(
      t,
      '/_api/admin/campaigns/reservations/step',
      { reservationId: r.id, step: 'ready' },
      staff,
    )
    expect(step.statusCode, step.body).toBe(200)
    return { campaignId: c.id, id: r.id }
  }

  it('staff assign a driver of the country; another country’s is 404, a collection slot 409', async () => {
    const r = await ready()
    const res = await assign(r.id, driver.user.id)
    expect(res.statusCode, res.body).toBe(200)
    const row = decode<{ reservation: { deliveryDriverId: number; deliveryDriverName: string } }>(res.body)
    expect(row.reservation.deliveryDriverId).toBe(driver.user.id)
    const list = await get(t, `/_api/admin/campaigns/operations?campaignId=${r.campaignId}`, staff)
    const ops = decode<{ drivers: { id: number }[] }>(list.body)
    expect(ops.drivers.map((d) => d.id)).toContain(driver.user.id)
    expect(ops.drivers.map((d) => d.id)).not.toContain(foreignDriver.user.id)

    const foreign = await assign(r.id, foreignDriver.user.id)
    expect(foreign.statusCode).toBe(404)
    expect((await reservationRow(t, r.id)).deliveryDriverId).toBe(driver.user.id)

    const pickup = await ready('collection')
    const refused = await assign(pickup.id, driver.user.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toContain('retrait à la boutique')
    expect((await reservationRow(t, pickup.id)).deliveryDriverId).toBeNull()
  })

  it('the driver sees it, delivers it collecting the balance: ledger, paid, delivered, points, report', async () => {
    const r = await ready()
    expect((await assign(r.id, driver.user.id)).statusCode).toBe(200)
    const dash = await get(t, '/_api/dashboard/delivery', driver.cookie)
    expect(dash.statusCode, dash.body).toBe(200)
    const mine = decode<{
      eveDeliveries: { reservationId: number; balance: number; recipientPhone: string }[]
    }>(dash.body).eveDeliveries.find((d) => d.reservationId === r.id)
    expect(mine).toMatchObject({ balance: 105_000, recipientPhone: '+221770000001' })
    const otherDash = decode<{ eveDeliveries: unknown[] }>(
      (await get(t, '/_api/dashboard/delivery', other.cookie)).body,
    )
    expect(otherDash.eveDeliveries).toEqual([])

    // Another driver's: as if absent.
    expect((await delivered(r.id, other, 105_000)).statusCode).toBe(404)
    const before = await points()

    // Short: 400 naming the amount due, nothing written.
    const short = await delivered(r.id, driver, 100_000)
    expect(short.statusCode).toBe(400)
    expect(short.json().error).toContain('105')
    expect(await entriesOf(r.id)).toEqual([])
    expect(await reservationRow(t, r.id)).toMatchObject({ status: 'ready', amountPaid: 45_000 })
    expect((await delivered(r.id, driver)).statusCode).toBe(400)

    const ok = await delivered(r.id, driver, 105_000)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(decode(ok.body)).toEqual({ reservationId: r.id, amountCollected: 105_000 })
    const entries = await entriesOf(r.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      driverId: driver.user.id,
      orderId: null,
      type: 'collected',
      amount: 105_000,
      amountDue: 105_000,
    })
    const row = await reservationRow(t, r.id)
    expect(row).toMatchObject({ status: 'delivered', amountPaid: 150_000 })
    expect(row.pointsEarned).toBeGreaterThan(0)
    expect(await points()).toBe(before + row.pointsEarned)
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.reservationId, r.id))
    expect(events.some((e) => e.type === 'cash_received' && e.detail?.includes('livreur'))).toBe(true)

    // Twice: 409, nothing more.
    expect((await delivered(r.id, driver, 105_000)).statusCode).toBe(409)
    expect(await entriesOf(r.id)).toHaveLength(1)

    // The daily report counts it for the driver.
    const report = await get(t, '/_api/admin/cash/report', staff)
    expect(report.statusCode, report.body).toBe(200)
    const mineInReport = decode<{
      drivers: { driverId: number; deliveries: number; amountDue: number; collected: number; ecart: number }[]
    }>(report.body).drivers.find((d) => d.driverId === driver.user.id)
    expect(mineInReport).toMatchObject({ deliveries: 1, amountDue: 105_000, collected: 105_000, ecart: 0 })
    const listed = decode<{ entries: { reservationId: number | null; orderId: number | null }[] }>(
      report.body,
    ).entries.filter((e) => e.reservationId === r.id)
    expect(listed).toEqual([expect.objectContaining({ orderId: null, reservationId: r.id })])
    const dashAfter = decode<{ cash: { balance: number }; eveDeliveries: { reservationId: number }[] }>(
      (await get(t, '/_api/dashboard/delivery', driver.cookie)).body,
    )
    expect(dashAfter.cash.balance).toBe(105_000)
    expect(dashAfter.eveDeliveries.map((d) => d.reservationId)).not.toContain(r.id)
  })

  it('not ready: 409; paid already: delivered with nothing to collect', async () => {
    const r = await ready()
    expect((await assign(r.id, other.user.id)).statusCode).toBe(200)
    await t.db.update(campaignReservations).set({ status: 'paid' }).where(eq(campaignReservations.id, r.id))
    const res = await delivered(r.id, other, 105_000)
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toContain('prêts')

    const paid = await ready()
    await post(
      t,
      '/_api/admin/campaigns/reservations/cash',
      { reservationId: paid.id, amount: 105_000 },
      staff,
    )
    expect((await assign(paid.id, other.user.id)).statusCode).toBe(200)
    const ok = await delivered(paid.id, other)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(decode<{ amountCollected: number }>(ok.body).amountCollected).toBe(0)
    expect(await entriesOf(paid.id)).toEqual([])
    expect((await reservationRow(t, paid.id)).status).toBe('delivered')
  })
})
