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

/** Whose catalogue the server rendered: a signed-in client's own country, or a visitor's choice (null: none). */
export type FirstPageCatalogue = {
  countryId: number | null
  /** Set for a signed-in client: its country's name, as its chooser says it. */
  account: { countryName: string | null } | null
}

/** Rows as the storefront calls answer them (src/shared/calls/storefront.ts). */
export type FirstPageInput<Product, Country> = {
  /** The page's path as src/shared/pages.ts names it: '/' or '/products'. */
  path: '/' | '/products'
  catalogue: FirstPageCatalogue
  countries: Country[]
  /** /products: the catalogue of the country; /: its featured products. */
  products: Product[]
}

/** The server-side entry (src/client/entry-server.tsx), as the server loads it. */
export type RenderEntry<Product = unknown, Country = unknown> = {
  /** The markup of `#root` for a page as React first draws it: nothing loaded, no session. */
  renderShell(url: string): Promise<string>
  /** The markup of `#root` for / or /products with its data, and that data as the JSON text to embed. */
  renderFirstPage(input: FirstPageInput<Product, Country>): Promise<{ html: string; data: string }>
}

/** JSON text made safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators. */
export const scriptSafeJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
