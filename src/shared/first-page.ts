/**
 * What the server renders into the first HTML of / and /products (docs/decisions/0020): the
 * catalogue's country it chose, and the storefront answers the page shows, which the browser
 * puts in its query cache before hydrating, so that it does not ask for them again.
 */

/** The visitor's chosen catalogue country, kept on the device and read by the server. */
export const CATALOGUE_COOKIE = 'etal-country'
/** A year: the choice is kept until changed. */
export const CATALOGUE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

/** The id of the page's `<script type="application/json">` holding the first page's data. */
export const FIRST_PAGE_DATA_ID = 'etal-first-page'

/** The country a positive int4 in a cookie names, or null. */
export function parseCountryId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= 2_147_483_647 ? id : null
}

/**
 * Who the server knew the caller to be from its session cookie: a visitor (no session), a client
 * (a shopper), or staff (any signed-in role that does not shop: admins, drivers). The first HTML
 * is drawn for that kind of caller, so that a staff member never sees shopping buttons that
 * hydration then removes.
 */
export type FirstPageCaller = 'visitor' | 'client' | 'staff'

/** Whose catalogue the server rendered: a signed-in client's own country, or a visitor's choice (null: none). */
export type FirstPageCatalogue = {
  caller: FirstPageCaller
  countryId: number | null
  /** Set for a signed-in client: its country's name, as its chooser says it. */
  account: { countryName: string | null } | null
  /**
   * The shop's public origin (PUBLIC_ORIGIN), which a product page's share link names
   * (docs/rules/catalogue.md#product-page): the same in the HTML and in the browser's first render,
   * and known to a product page reached from a card.
   */
  origin?: string
}

/** Rows as the storefront calls answer them (src/shared/calls/storefront.ts). */
export type FirstPageInput<Answer, Country> = {
  /** The page's path as src/shared/pages.ts names it: '/' or '/products'. */
  path: '/' | '/products'
  catalogue: FirstPageCatalogue
  countries: Country[]
  /**
   * The answer the page's query reads, as the storefront call gives it: /products, the first page
   * of the country's catalogue (`GET /_api/products`, docs/decisions/0045); /, its featured
   * products (`GET /_api/featured`).
   */
  answer: Answer
}

/** The server-side entry (src/client/ssr/entry.tsx), as the server loads it. */
export type RenderEntry<Answer = unknown, Country = unknown, Product = unknown> = {
  /** The markup of `#root` for a page as React first draws it: nothing loaded, no session. */
  renderShell(url: string): Promise<string>
  /** The markup of `#root` for / or /products with its data, and that data as the JSON text to embed. */
  renderFirstPage(input: FirstPageInput<Answer, Country>): Promise<{ html: string; data: string }>
  /** The markup of `#root` for a product's page (/produits/<id>-<slug>) with its product, and its data. */
  renderProductPage(input: ProductPageInput<Product, Country>): Promise<{ html: string; data: string }>
  /** The markup inside the header's cart link for a count (src/server/web/cart-count.ts). */
  cartLink(count: number): string
}

/**
 * Whether a page rendered for this caller holds its session (none: a visitor's) in its data, and
 * so goes without the session's preload (docs/rules/phones-offline.md, "The session asked with
 * the page").
 */
export const holdsSession = (catalogue: FirstPageCatalogue) => catalogue.caller === 'visitor'

/** What a product's page is rendered with (docs/rules/catalogue.md#product-page). */
export type ProductPageInput<Product = unknown, Country = unknown> = {
  /** The page's path, `/produits/<id>-<slug>`. */
  path: string
  catalogue: FirstPageCatalogue
  countries: Country[]
  /** The product as `GET /_api/products?ids=<id>` answers it. */
  product: Product
}

/**
 * The first page's data as the text of its `<script type="application/json">`: JSON, with each
 * date as `{ "$date": milliseconds }` (the storefront's answers hold a few), made safe inside the
 * element. Plain JSON rather than the API's superjson, so that the browser reads it without the
 * answer decoder, which / and /products do not otherwise need on their first load.
 */
export function writeFirstPageData(data: unknown): string {
  return scriptSafeJson(
    JSON.stringify(data, function (this: Record<string, unknown>, key, value: unknown) {
      const raw = this[key]
      return raw instanceof Date ? { $date: raw.getTime() } : value
    }),
  )
}

/** The data writeFirstPageData wrote, its dates dates again. */
export function readFirstPageData<T>(text: string): T {
  return JSON.parse(text, (_key, value: unknown) =>
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { $date?: unknown }).$date === 'number' &&
    Object.keys(value).length === 1
      ? new Date((value as { $date: number }).$date)
      : value,
  ) as T
}

/** JSON text made safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators. */
export const scriptSafeJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
