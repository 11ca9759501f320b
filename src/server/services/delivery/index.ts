/**
 * Delivery (docs/rules/delivery.md): where and when an order goes.
 *
 * - Places (`places.ts`): countries, their cities and the zones a fee is set for, each read in
 *   the caller's reach.
 * - Slots (`delivery-slots.ts`): windows of a city's local time, each with its places taken by
 *   orders, given back on cancellation.
 * - A driver's round and the cash a driver brings back are in orders/ and money/.
 */
export * from './places'
export * from './delivery-slots'
