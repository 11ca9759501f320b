import { orderCalls } from '@/shared/calls'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { orders, users } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findOrderInScope } from '@/server/services/orders/order-admin'
import { byName } from '@/server/db/queries'
import { openOrderStatuses } from '@/shared/domain/order-status'

export default defineEndpoint({
  call: orderCalls.drivers,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Active drivers of the order’s country (without orderId: of the caller’s country), each with its load: its open orders (not delivered nor cancelled), their statuses and slots',
  async handler({ input, user, db }) {
    const countryId = input.orderId
      ? (await findOrderInScope(db, user, input.orderId)).countryId
      : user.countryId
    if (countryId == null) return { drivers: [] }
    const drivers = await db
      .select({
        id: users.id,
        displayName: users.displayName,
        email: users.email,
        phoneNumber: users.phoneNumber,
        isActive: users.isActive,
      })
      .from(users)
      .where(and(eq(users.role, 'delivery_driver'), eq(users.isActive, true), eq(users.countryId, countryId)))
      .orderBy(...byName(users.displayName), asc(users.id))
    // docs/rules/delivery.md#assigning-a-driver: each driver's load, every open order assigned to
    // it (waiting, in preparation or in delivery), by slot (index orders_driver_status_idx).
    const ids = drivers.map((d) => d.id)
    const load =
      ids.length === 0
        ? []
        : await db
            .select({
              driverId: sql<number>`${orders.deliveryDriverId}`.mapWith(Number),
              orderId: orders.id,
              status: orders.status,
              slotStartsAt: orders.slotStartsAt,
              slotEndsAt: orders.slotEndsAt,
              slotTimeZone: orders.slotTimeZone,
            })
            .from(orders)
            .where(and(inArray(orders.deliveryDriverId, ids), inArray(orders.status, [...openOrderStatuses])))
            .orderBy(sql`${orders.slotStartsAt} asc nulls last`, asc(orders.id))
    return {
      drivers: drivers.map((d) => ({
        ...d,
        inDelivery: load
          .filter((l) => l.driverId === d.id)
          .map(({ orderId, status, slotStartsAt, slotEndsAt, slotTimeZone }) => ({
            orderId,
            status,
            slotStartsAt,
            slotEndsAt,
            slotTimeZone,
          })),
      })),
    }
  },
})
