/**
 * The tests' factories: rows written through the shop's rules or straight into the database, and
 * the calls a test makes. factories/people.ts: countries, users, signing in, the API calls;
 * factories/orders.ts: products, orders, delivery, weigh-in, contact messages.
 */
export * from './factories/people'
export * from './factories/orders'
