/**
 * Orders (docs/rules/orders.md): the cart to the receipt.
 *
 * - The checkout (`checkout/`) checks the cart against one read of the shop, prices it and writes
 *   the order in one statement.
 * - Reading: a client its own (`client-orders.ts`), staff theirs in scope (`order-admin.ts`), both
 *   shaped by `orders.ts`.
 * - Weighed lines (`weighin.ts`): staff weigh, the client accepts or refuses the new total when it
 *   passes the tolerance.
 * - The status (`order-status.ts`) is changed one way only, its history written by
 *   `order-events.ts`, and each change announced live to the screens in scope (`order-live.ts`).
 */
export * from './checkout'
export * from './orders'
export * from './client-orders'
export * from './order-admin'
export * from './order-events'
export * from './order-live'
export * from './order-status'
export * from './weighin'
