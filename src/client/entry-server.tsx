/**
 * The server's side of the app (docs/decisions/0020), built by `vite build --ssr` into
 * dist/ssr/entry-server.js and loaded by the server at start-up
 * (src/server/http/first-pages.ts); the build's pre-render (scripts/prerender-shells.tsx) uses it
 * too. It renders the same tree as main.tsx — the same routes, providers and StrictMode, through
 * React Router's static handler — so that the browser hydrates the markup as it is.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import superjson from 'superjson'
import type { FirstPageInput, RenderEntry } from '@/shared/first-page'
import { sortByName } from '@/shared/format'
import type { PublicProduct } from '@/shared/schemas/storefront'
import type { CallOutput, storefrontCalls } from '@/shared/calls'
import { Providers } from './app/providers'
import { routes } from './app/router'
import { featuredKey } from './features/storefront/api/use-featured'
import { productsKey, setFirstPageCatalogue } from './lib/catalogue'
import { createQueryClient } from './lib/query-client'
import { referenceKeys } from './lib/reference-data'

type Country = CallOutput<typeof storefrontCalls.countries>['countries'][number]

const handler = createStaticHandler(routes)

/** The route's lazy page loaded (React Router's static handler), then a synchronous render. */
async function prepare(url: string) {
  const context = await handler.query(new Request(`http://localhost${url}`))
  if (context instanceof Response) throw new Error(`entry-server: ${url} answered ${context.status}`)
  // renderToString, not renderToStaticMarkup: hydration needs its markers between adjacent texts.
  return (client?: QueryClient) =>
    renderToString(
      <StrictMode>
        <Providers client={client}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </Providers>
      </StrictMode>,
    )
}

/** A page as React first draws it: session and data loading, no choice of country, empty cart. */
async function renderShell(url: string) {
  const render = await prepare(url)
  setFirstPageCatalogue(null)
  return render()
}

/**
 * / or /products with the catalogue the server chose: the query cache holds what the page's
 * queries would fetch (the countries, the country's products or featured products), under their
 * own keys, so the page draws its cards; that cache is then the page's embedded data.
 */
async function renderFirstPage(input: FirstPageInput<PublicProduct, Country>) {
  const client = createQueryClient()
  const { countryId } = input.catalogue
  client.setQueryData(referenceKeys.countries, sortByName(input.countries))
  client.setQueryData(
    input.path === '/products' ? productsKey(countryId) : featuredKey(countryId),
    input.products,
  )
  const render = await prepare(input.path)
  // Read by the catalogue's hooks during this synchronous render only.
  setFirstPageCatalogue(input.catalogue)
  let html: string
  try {
    html = render(client)
  } finally {
    setFirstPageCatalogue(null)
  }
  const data = superjson.stringify({ catalogue: input.catalogue, queries: dehydrate(client) })
  client.clear()
  return { html, data }
}

export const entry = { renderShell, renderFirstPage } satisfies RenderEntry<PublicProduct, Country>
