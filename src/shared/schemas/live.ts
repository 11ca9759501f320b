import { orderEventTypes } from '../domain/weighin'
import { z } from './zod'

/**
 * One event of the live orders' stream (docs/rules/orders.md#live), the `data` of a server-sent
 * event whose `id` is the event's number in the orders' history: an order was created (`created`)
 * or changed (its status, driver, payment, weight, total or the client's agreement).
 */
export const liveOrderEvent = z.strictObject({
  id: z.number().int(),
  orderId: z.number().int(),
  type: z.enum(orderEventTypes),
  to: z.string().nullable(),
})
export type LiveOrderEvent = z.infer<typeof liveOrderEvent>

/** The stream takes nothing but its Last-Event-ID header (sent by the browser on reconnection). */
export const liveOrdersQuery = z.strictObject({})
