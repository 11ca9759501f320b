import { orderCalls } from '@/shared/calls'
import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { orders, users } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { badRequest, conflict, notFound } from '@/server/http/errors'
import { PICKUP_NO_DRIVER } from '@/shared/domain/pickup'
import { findOrderInScope, ORDER_NOT_FOUND } from '@/server/services/orders/order-admin'
import { recordOrderEvents } from '@/server/services/orders/order-events'
import { loadOrder } from '@/server/services/orders/orders'

const previous = alias(users, 'previous_driver')

export default defineEndpoint({
  call: orderCalls.assignDriver,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Assigns an active driver of the order’s country; the status does not change',
  async handler({ input, user, db }) {
    const owner = await findOrderInScope(db, user, input.orderId)
    const [driver] = await db
      .select({ id: users.id, displayName: users.displayName })
      .from(users)
      .where(
        and(
          eq(users.id, input.driverId),
          eq(users.role, 'delivery_driver'),
          eq(users.isActive, true),
          eq(users.countryId, owner.countryId),
        ),
      )
      .limit(1)
    if (!driver) throw badRequest('Ce livreur n’est pas un livreur actif du pays de la commande.')

    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({
          driverId: orders.deliveryDriverId,
          driverName: previous.displayName,
          fulfilment: orders.fulfilment,
        })
        .from(orders)
        .leftJoin(previous, eq(previous.id, orders.deliveryDriverId))
        .where(eq(orders.id, input.orderId))
        .for('update', { of: orders })
      if (!locked) throw notFound(ORDER_NOT_FOUND)
      // docs/rules/pickup.md#hand-over: collected at a shop, an order has no driver.
      if (locked.fulfilment === 'pickup') throw conflict(PICKUP_NO_DRIVER)
      if (locked.driverId === driver.id) return
      await tx
        .update(orders)
        .set({ deliveryDriverId: driver.id, updatedAt: sql`now()` })
        .where(eq(orders.id, input.orderId))
      await recordOrderEvents(tx, input.orderId, user.id, [
        { type: 'driver', from: locked.driverName, to: driver.displayName },
      ])
    })
    return { order: (await loadOrder(db, input.orderId))! }
  },
})
