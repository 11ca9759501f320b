import { hydrate, type DehydratedState } from '@tanstack/react-query'
import { StrictMode, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import superjson from 'superjson'
import { Providers } from './app/providers'
import { createRouter } from './app/router'
import { setFirstPageCatalogue } from './lib/catalogue'
import { createQueryClient } from './lib/query-client'
import { FIRST_PAGE_DATA_ID, type FirstPageCatalogue } from '@/shared/first-page'
import { hydratingFirstPage } from './lib/hydrate-later'
import { startServiceWorker } from './lib/service-worker'
import './styles.css'

type Router = ReturnType<typeof createRouter>

/** Resolves once the router has loaded the first route's lazy page. */
function routerReady(router: Router) {
  if (router.state.initialized) return Promise.resolve()
  return new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop()
        resolve()
      }
    })
  })
}

/** Lets the browser run what waits (a paint, a tap) before the next step: each step is a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const container = document.getElementById('root')!

/** Once React holds the page, the pre-rendered page stops being inert (spa-pages.ts sets it). */
function Live({ children }: { children: ReactNode }) {
  useEffect(() => container.removeAttribute('inert'), [])
  return children
}

/**
 * A query cache holding the data the server rendered the page with (/ and /products:
 * src/server/http/first-pages.ts, docs/decisions/0020), so that the page hydrates with the same
 * products and does not ask for them again; an empty cache on any other page.
 */
async function firstPageClient() {
  const client = createQueryClient()
  // The code may run before the end of the page (and its data) has been parsed.
  if (document.readyState === 'loading') {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }))
  }
  const text = document.getElementById(FIRST_PAGE_DATA_ID)?.textContent
  if (!text) return client
  try {
    const { catalogue, queries } = superjson.parse<{
      catalogue: FirstPageCatalogue
      queries: DehydratedState
    }>(text)
    // As fresh as the page: the server renders it again whenever its data changes.
    const now = Date.now()
    for (const q of queries.queries) q.state.dataUpdatedAt = now
    hydrate(client, queries)
    setFirstPageCatalogue(catalogue)
  } catch {
    // Unreadable: the page loads its data as any other would.
  }
  return client
}

async function start() {
  // A page pre-rendered by the build (scripts/prerender-shells.tsx, served by
  // src/server/http/spa-pages.ts) stays on screen, inert, until the route's code is in; then
  // React hydrates it: it takes over the markup as it is instead of drawing the page again.
  // The steps (the modules' evaluation, the first page's data, the router, the first render)
  // run as separate tasks: a phone's main thread is never held for all of them at once
  // (docs/decisions/0012).
  const preRendered = container.firstElementChild !== null
  if (preRendered) {
    await nextTask()
  }
  const client = await firstPageClient()
  if (preRendered) await nextTask()
  const router = createRouter()
  // The same tree as the pre-rendered one (StrictMode, Providers, the router).
  const app = (
    <StrictMode>
      <Live>
        <Providers client={client}>
          <RouterProvider router={router} />
        </Providers>
      </Live>
    </StrictMode>
  )
  if (preRendered) {
    await routerReady(router)
    await nextTask()
  }
  // The renderer (Preact, docs/decisions/0023) draws or hydrates the page in one task: it has no
  // time slicing, so this is the longest task of a first load; the steps before it are tasks of
  // their own.
  if (preRendered) {
    // The parts wrapped in HydrateLater (the page under the header, the product cards below
    // the first screen, the footer) are hydrated after this task, one per task (docs/decisions/0028).
    hydratingFirstPage(true)
    hydrateRoot(container, app)
    hydratingFirstPage(false)
  } else createRoot(container).render(app)
}
void start()
// Offline use, once the page has loaded (docs/decisions/0021).
startServiceWorker()
