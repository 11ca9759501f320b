import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { cashEntries } from '../../src/server/db/schema'
import { createOrder, createUser, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/** What the drivers' cash files share (drivers-cash.test.ts, drivers-cash-handovers.test.ts). */
export type Entry = {
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
export type Figures = {
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
export type Report = {
  country: { id: number; name: string; timeZone: string }
  date: string
  isToday: boolean
  drivers: (Figures & { driverId: number; driverName: string; balance: number })[]
  totals: Figures
  entries: Entry[]
  uncollected: { orderId: number; totalAmount: number; driverName: string | null }[]
}
export type Signed = { user: { id: number; displayName: string; countryId: number | null }; cookie: string }

export let t: TestApp
export let client: Awaited<ReturnType<typeof createUser>>
export let clientCm: Awaited<ReturnType<typeof createUser>>
export const staff = {} as Record<'root' | 'super_admin' | 'admin' | 'adminMl', string>

/**
 * This file's own app and callers. Called at the top of each file: the API files share their
 * worker's modules (vitest.config.ts), so the hooks are registered per file.
 */
export function useCashApp() {
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
}

/** A new driver of a country, signed in. */
export const newDriver = (cc = 'SN'): Promise<Signed> => signedIn(t, 'delivery_driver', cc)
/** An order of `total` francs in delivery with this driver. */
export const inDelivery = (driver: Signed, total = 10_000, user = client) =>
  createOrder(t.db, {
    user,
    status: 'in_delivery',
    driverId: driver.user.id,
    lines: [{ price: total, quantity: 1, unitType: 'unit' }],
  })
export const confirm = (driver: Signed, body: Record<string, unknown>) =>
  post(t, '/_api/delivery/confirm', body, driver.cookie)
export const dashboard = async (driver: Signed) =>
  decode<{
    cash: {
      balance: number
      dues: { orderId: number; amountDue: number }[]
      collected: { orderId: number; amount: number }[]
      entries: Entry[]
    }
  }>((await get(t, '/_api/dashboard/delivery', driver.cookie)).body).cash
export const entriesOf = (driverId: number) =>
  t.db.select().from(cashEntries).where(eq(cashEntries.driverId, driverId)).orderBy(cashEntries.id)
export const handover = (body: Record<string, unknown>, cookie = staff.admin) =>
  post(t, '/_api/admin/cash/handover', body, cookie)
export const correction = (body: Record<string, unknown>, cookie = staff.admin) =>
  post(t, '/_api/admin/cash/correction', body, cookie)
export const report = async (query: string, cookie = staff.admin) => {
  const res = await get(t, `/_api/admin/cash/report${query}`, cookie)
  expect(res.statusCode, res.body).toBe(200)
  return decode<Report>(res.body)
}
