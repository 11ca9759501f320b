/**
 * The storefront's catalogue a page at a time (docs/rules/catalogue.md#catalogue, docs/decisions/0045):
 * what the server and the browser both need of it, without zod (the browser's first load
 * validates nothing, docs/architecture.md "One contract").
 */

/** Products in one page of `GET /_api/products`. */
export const PRODUCTS_PAGE_SIZE = 24
/** Products `GET /_api/products?ids=` reads at once: as many as an order may hold. */
export const MAX_PRODUCT_IDS = 100

/** Where a page of the catalogue starts: after this product, in the catalogue's order. */
export type CatalogueCursor = { fold: string; id: number }

/**
 * A cursor as `nextCursor` writes it: the last product's id, `~`, its folded name (the
 * catalogue's order is the folded name, then the id). Not opaque, and need not be: it says no
 * more than the product it names.
 */
export const writeCursor = (c: CatalogueCursor) => `${c.id}~${c.fold}`
