/**
 * The server's side of the app (docs/decisions/0020), built by `vite build --ssr` into
 * dist/ssr/entry.js and loaded by the server at start-up
 * (src/server/web/first-pages.ts); the build's pre-render (scripts/prerender-shells.tsx) uses it
 * too. It renders the same tree as main.tsx — the same routes, providers and StrictMode, at the
 * page's URL through React Router's <StaticRouter> — so that the browser hydrates the markup as it is.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import {
  holdsSession,
  writeFirstPageData,
  type FirstPageCatalogue,
  type FirstPageInput,
  type ProductPageInput,
  type RenderEntry,
} from '@/shared/first-page'
import { sortByName } from '@/shared/format'
import type { FirstPageAnswer, PublicProduct } from '@/shared/schemas/storefront'
import type { CallOutput, storefrontCalls } from '@/shared/calls'
import { CartLinkContent } from '../app/layouts/site-header'
import { Providers } from '../app/providers'
import { AppRoutes } from '../app/router'
import { featuredKey } from '../features/storefront/api/use-featured'
import { productsByIdsKey, productsKey } from '../lib/catalogue'
import { createQueryClient } from '../lib/query-client'
import { referenceKeys } from '../lib/reference-data'
import { sessionKey } from '../lib/session'

type Country = CallOutput<typeof storefrontCalls.countries>['countries'][number]

/**
 * The page at `url` rendered whole: `prerender` waits for every Suspense boundary's content, the
 * page's lazy module included, so the markup is the page, never a fallback. Not streamed: a page
 * is kept, compressed once and sent with its ETag (src/server/web/pages.ts).
 */
async function render(url: string, client?: QueryClient, firstPage?: FirstPageCatalogue) {
  const { prelude } = await prerender(
    <StrictMode>
      <Providers client={client} firstPage={firstPage}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
    // Every boundary in place, never moved into place by an inline script (which the page's
    // CSP would refuse): React otherwise sends a large boundary's content apart.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  const html = await new Response(prelude).text()
  // The markup alone: a script in it would be refused by the CSP, and would be a bug here.
  if (html.includes('<script')) throw new Error(`ssr/entry: ${url} rendered a script`)
  return html
}

/** A page as React first draws it: session and data loading, no choice of country, empty cart. */
async function renderShell(url: string) {
  return render(url)
}

/**
 * A query cache for a page rendered for one kind of caller: a visitor's (no session cookie, or one
 * the server refused) holds its session, none, so that the page is drawn signed out from its
 * HTML on and the browser neither asks for the session nor draws the page again when it answers
 * (docs/rules/phones-offline.md, "The session asked with the page").
 */
function pageClient(catalogue: FirstPageCatalogue) {
  const client = createQueryClient()
  if (holdsSession(catalogue)) client.setQueryData(sessionKey, null)
  return client
}

/**
 * / or /products with the catalogue the server chose: the query cache holds what the page's
 * queries would fetch (the countries, the country's products or featured products), under their
 * own keys, so the page draws its cards; that cache is then the page's embedded data. /products
 * holds the first page of the catalogue only, the rest is read as the visitor scrolls.
 */
async function renderFirstPage(input: FirstPageInput<FirstPageAnswer, Country>) {
  const client = pageClient(input.catalogue)
  const { countryId } = input.catalogue
  client.setQueryData(referenceKeys.countries, sortByName(input.countries))
  if (input.path === '/products') {
    // The first page of the catalogue, as `useCatalogueListing` holds it (docs/decisions/0045).
    client.setQueryData(productsKey({ countryId }), {
      pages: [{ nextCursor: null, ...input.answer }],
      pageParams: [null],
    })
  } else client.setQueryData(featuredKey(countryId), input.answer.products)
  const html = await render(input.path, client, input.catalogue)
  const data = writeFirstPageData({ catalogue: input.catalogue, queries: dehydrate(client) })
  client.clear()
  return { html, data }
}

/**
 * A product's page (docs/rules/catalogue.md#product-page) with its product: the query cache holds
 * it as the page's query reads it (`GET /_api/products?ids=<id>`, every country's) and the
 * countries (its currency, the country's halal statement), and is the page's embedded data.
 */
async function renderProductPage(input: ProductPageInput<PublicProduct, Country>) {
  const client = pageClient(input.catalogue)
  client.setQueryData(referenceKeys.countries, sortByName(input.countries))
  client.setQueryData(productsByIdsKey(null, [input.product.id]), [input.product])
  const html = await render(input.path, client, input.catalogue)
  const data = writeFirstPageData({ catalogue: input.catalogue, queries: dehydrate(client) })
  client.clear()
  return { html, data }
}

/** The header's cart link content, drawn as the header draws it (src/server/web/cart-count.ts). */
const cartLink = (count: number) => renderToStaticMarkup(<CartLinkContent count={count} />)

export const entry = { renderShell, renderFirstPage, renderProductPage, cartLink } satisfies RenderEntry<
  FirstPageAnswer,
  Country,
  PublicProduct
>
