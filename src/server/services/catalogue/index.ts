/**
 * The catalogue (docs/rules/catalogue.md): what the shop sells, in each country, and how a phone
 * gets it fast.
 *
 * - Staff keep products (`products.ts`: the ones in their reach, never archived ones), their
 *   photos (`photos/`: processed off the request, a few at a time, kept in a store, shared as a
 *   WhatsApp card), their preparations (`preparations.ts`, offered per product with
 *   `preparation-offers.ts`) and their daily stock (`stock.ts`); a sheet of products comes in by
 *   `product-import.ts` (each row read alone by `import-row.ts`, checked against the file and the
 *   catalogue, then applied by `product-import-update.ts`).
 * - Clients read the storefront (`storefront.ts`): the public products of a country, answered
 *   from one serialized, compressed copy (`storefront-cache.ts`) that every instance drops when
 *   another one writes (`storefront-sync.ts`).
 * - An order draws stock from its country's day and gives it back when cancelled (`stock.ts`).
 */
export * from './products'
export * from './storefront'
export * from './storefront-cache'
export * from './storefront-sync'
export * from './stock'
export * from './preparations'
export * from './preparation-offers'
export * from './product-import'
