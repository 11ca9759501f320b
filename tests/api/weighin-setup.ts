import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { orderItems, orders } from '../../src/server/db/schema'
import { createOrder, decode, grantPoints, post, signedIn, statusChange } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * What the weigh-in files share (weighin.test.ts, weighin-agreement.test.ts): the app, its staff,
 * an order in preparation and the calls that weigh, answer and move it.
 */

export type Item = {
  id: number
  productName: string
  unitType: string
  quantity: number
  unitPrice: number
  weighedQuantity: number | null
  totalPrice: number
}
export type Order = {
  id: number
  status: string
  subtotalAmount: number
  totalAmount: number
  orderedTotalAmount: number | null
  weighApproval: string | null
  pointsUsed: number
  deliveryFeeAmount: number
  items: Item[]
  events: { type: string; fromValue: string | null; toValue: string | null; actorId: number | null }[]
}

export let t: TestApp
export const cookies = {} as Record<'root' | 'super_admin' | 'admin' | 'adminMl' | 'driver', string>
export let staff: { user: { id: number }; cookie: string }
/**
 * This file's own app and callers. Called at the top of each file: the API files share their
 * worker's modules (vitest.config.ts), so the hooks are registered per file.
 */
export function useWeighinApp() {
  beforeAll(async () => {
    t = await createTestApp()
    staff = await signedIn(t, 'admin', 'SN')
    cookies.admin = staff.cookie
    cookies.root = (await signedIn(t, 'root', 'SN')).cookie
    cookies.super_admin = (await signedIn(t, 'super_admin', 'SN')).cookie
    cookies.adminMl = (await signedIn(t, 'admin', 'ML')).cookie
    cookies.driver = (await signedIn(t, 'delivery_driver', 'SN')).cookie
  })
  afterAll(() => t.close())
}

/** A client of its own (signed in) and an order in preparation: Gigot 1,5 kg at 5 000 F, 2 merguez at 2 000 F. */
export async function placed(
  opts: { pointsUsed?: number; points?: number; status?: 'pending' | 'in_preparation' } = {},
) {
  const c = await signedIn(t, 'client', 'SN')
  if (opts.points) await grantPoints(t.db, c.user.id, opts.points)
  const o = await createOrder(t.db, {
    user: { id: c.user.id, displayName: 'Awa Ndiaye', countryId: c.user.countryId },
    status: opts.status ?? 'in_preparation',
    pointsUsed: opts.pointsUsed,
    lines: [
      { price: 5000, quantity: 1.5, name: "Gigot d'agneau" },
      { price: 2000, quantity: 2, unitType: 'unit', name: 'Merguez' },
    ],
  })
  const items = await t.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(orderItems.id)
  return { client: c, order: o, kg: items[0]!, unit: items[1]! }
}

export const weigh = (orderId: number, lines: unknown, cookie = cookies.admin) =>
  post(t, '/_api/admin/orders/weigh', { orderId, lines }, cookie)
export const setStatus = (orderId: number, status: string, cookie = cookies.admin) =>
  post(t, '/_api/admin/orders/update-status', statusChange(orderId, status), cookie)
/** The client's answer to the total it read: by default the order's current one. */
export const answer = async (orderId: number, decision: string, cookie: string, total?: number) =>
  post(
    t,
    '/_api/orders/weigh-answer',
    { orderId, decision, total: total ?? (await row(orderId)).totalAmount },
    cookie,
  )
/** Staff note an agreement given by phone to the total they read out: by default the current one. */
export const phoneAgreement = async (orderId: number, cookie: string, total?: number) =>
  post(
    t,
    '/_api/admin/orders/record-agreement',
    { orderId, total: total ?? (await row(orderId)).totalAmount },
    cookie,
  )
export const body = (res: { body: string }) => decode<{ order: Order }>(res.body).order
export const row = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!
