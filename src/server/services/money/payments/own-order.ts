import type { SessionUser } from '@/shared/schemas/auth'
import type { Executor } from '@/server/db/client'
import { notFound } from '@/server/http/errors'
import { ORDER_NOT_FOUND } from '@/server/services/orders/order-admin'
import { orderOwnership } from '@/server/services/orders/orders'

/** The client's own order; anyone else's answers 404 as absent. */
export async function ownOrder(db: Executor, user: SessionUser, orderId: number) {
  const owner = await orderOwnership(db, orderId)
  if (!owner || owner.userId !== user.id) throw notFound(ORDER_NOT_FOUND)
  return owner
}

/** The driver's own assigned order; anyone else's answers 404 as absent. */
export async function driversOrder(db: Executor, user: SessionUser, orderId: number) {
  const owner = await orderOwnership(db, orderId)
  if (!owner || owner.deliveryDriverId !== user.id) throw notFound(ORDER_NOT_FOUND)
  return owner
}
