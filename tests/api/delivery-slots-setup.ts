import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { cities } from '../../src/server/db/schema'
import {
  countryByCode,
  createProduct,
  decode,
  deliveryIn,
  get,
  post,
  postOrder,
  signedIn,
} from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// What delivery-slots.test.ts and delivery-slots-checkout.test.ts share: the app, its callers and helpers.

/* docs/rules/delivery.md#delivery-slots: slots managed by staff in scope, offered for the next days,
 * booked in checkout's one statement, freed by a cancellation. */

export type Available = {
  timeZone: string
  slots: { slotId: number; date: string; startsAt: Date; endsAt: Date; capacity: number; remaining: number }[]
}
export type Slot = {
  id: number
  cityId: number
  startsAt: string
  endsAt: string
  capacity: number
  cutoffMinutes: number
}

export let t: TestApp
export let root: string
export let snSuper: string
export let cmSuper: string
export let admin: string
export let client: Awaited<ReturnType<typeof signedIn>>
export let dakar: { id: number }
export let douala: { id: number }
export let delivery: Awaited<ReturnType<typeof deliveryIn>>
export let product: { id: number }

export async function cityNamed(countryCode: string, name: string) {
  const country = await countryByCode(t.db, countryCode)
  const [city] = await t.db
    .select()
    .from(cities)
    .where(and(eq(cities.countryId, country.id), eq(cities.name, name)))
  return city!
}

export async function makeSlot(cookie: string, body: Record<string, unknown>) {
  const res = await post(t, '/_api/admin/slots', body, cookie)
  expect(res.statusCode, res.body).toBe(201)
  return decode<{ slot: Slot }>(res.body).slot
}

/** '2026-11-25', 1 → '2026-11-26'. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

export const available = async (cityId: number, cookie = client.cookie) =>
  decode<Available>((await get(t, `/_api/orders/slots?cityId=${cityId}`, cookie)).body)

export const order = (slot: { id: number; date: string } | null | undefined, cookie = client.cookie) =>
  postOrder(
    t,
    { items: [{ productId: product.id, quantity: 1.5 }], ...delivery, pointsToUse: 0, slot },
    cookie,
  )

/**
 * This file's own app and callers. Called at the top of each file: the API files share their
 * worker's modules (vitest.config.ts), so the hooks are registered per file.
 */
export function useSlotsApp() {
  beforeAll(async () => {
    t = await createTestApp()
    root = (await signedIn(t, 'root', 'SN')).cookie
    snSuper = (await signedIn(t, 'super_admin', 'SN')).cookie
    cmSuper = (await signedIn(t, 'super_admin', 'CM')).cookie
    admin = (await signedIn(t, 'admin', 'SN')).cookie
    client = await signedIn(t, 'client', 'SN')
    delivery = await deliveryIn(t.db, 'SN')
    dakar = await cityNamed('SN', delivery.deliveryCity)
    douala = await cityNamed('CM', 'Douala')
    product = await createProduct(t.db, { pricePerUnit: 6000, unitType: 'kg' })
  })
  afterAll(() => t.close())
}
