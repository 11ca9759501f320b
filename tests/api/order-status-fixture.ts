import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { loyaltyTransactions, users } from '../../src/server/db/schema'
import { createUser, post, signedIn, statusChange } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The order status tests (docs/rules/orders.md#order-status), in two files: the file's app, a
 * super_admin of Senegal and a cookie of each role, and the calls and reads both files make.
 */

/** An order event as the details answer it. */
export type Event = {
  type: string
  fromValue: string | null
  toValue: string | null
  actorId: number | null
  actorName: string | null
}
/** An order as staff read it (GET /_api/orderdetails). */
export type Order = {
  id: number
  status: string
  paymentStatus: string
  pointsEarned: number
  pointsUsed: number
  totalAmount: number
  events: Event[]
  items: { productName: string; quantity: number; unitType: string; totalPrice: number }[]
  customer: { name: string; email: string }
}

export type Staff = { user: { id: number; displayName: string }; cookie: string }
export type Cookies = Record<string, string> &
  Record<'root' | 'super_admin' | 'admin' | 'client' | 'delivery_driver' | 'adminMl', string>

/** Starts the file's app before its tests (closed after them); what it made is read once they run. */
export function orderStatusFixture() {
  const f = { cookies: {} as Cookies } as { t: TestApp; staff: Staff; cookies: Cookies }
  beforeAll(async () => {
    f.t = await createTestApp()
    f.staff = await signedIn(f.t, 'super_admin', 'SN')
    for (const role of ['root', 'admin', 'client', 'delivery_driver'] as const)
      f.cookies[role] = (await signedIn(f.t, role, 'SN')).cookie
    f.cookies.adminMl = (await signedIn(f.t, 'admin', 'ML')).cookie
  })
  afterAll(() => f.t.close())

  const setStatus = (orderId: unknown, status: unknown, cookie = f.staff.cookie, from?: string) =>
    post(f.t, '/_api/admin/orders/update-status', statusChange(orderId, status, from), cookie)
  /** Staff bring a cancelled order back, saying so (docs/rules/orders.md#order-status). */
  const reactivate = (orderId: number, status: string) =>
    setStatus(orderId, status, f.staff.cookie, 'cancelled')
  const client = (country = 'SN') => createUser(f.t.db, { country, displayName: 'Aminata Sow' })

  /** The user's balance, the sum of its ledger, and the order's own movements by type. */
  async function points(userId: number, orderId: number) {
    const t = f.t
    const [u] = await t.db.select({ balance: users.loyaltyPoints }).from(users).where(eq(users.id, userId))
    const [sum] = await t.db
      .select({ n: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)::int` })
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.userId, userId))
    const byType = await t.db
      .select({
        type: loyaltyTransactions.transactionType,
        n: sql<number>`sum(${loyaltyTransactions.points})::int`,
      })
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.orderId, orderId))
      .groupBy(loyaltyTransactions.transactionType)
    return {
      balance: u!.balance,
      ledger: sum!.n,
      order: Object.fromEntries(byType.map((r) => [r.type, r.n])),
    }
  }
  return { f, setStatus, reactivate, client, points }
}
