import { hydrate, type DehydratedState } from '@tanstack/react-query'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { Providers } from './app/providers'
import { AppRoutes, pageCode } from './app/router'
import { FollowHeldLink } from './app/held-link'
import { createQueryClient } from './lib/query-client'
import { holdDrawnSession } from './lib/session'
import { FIRST_PAGE_DATA_ID, readFirstPageData, type FirstPageCatalogue } from '@/shared/first-page'
import { matchPage } from '@/shared/pages'
import { startServiceWorker } from './lib/service-worker'
import './styles.css'

const container = document.getElementById('root')!

/**
 * A query cache holding the data the server rendered the page with (/ and /products:
 * src/server/web/first-pages.ts, docs/decisions/0020), so that the page hydrates with the same
 * products and does not ask for them again; an empty cache on any other page. The data is plain
 * JSON (shared/first-page.ts), so no answer decoder is downloaded to read it.
 */
function firstPageData() {
  const client = createQueryClient()
  const text = document.getElementById(FIRST_PAGE_DATA_ID)?.textContent
  if (!text) return { client, catalogue: null }
  try {
    const { catalogue, queries } = readFirstPageData<{
      catalogue: FirstPageCatalogue
      queries: DehydratedState
    }>(text)
    // As fresh as the page: the server renders it again whenever its data changes.
    const now = Date.now()
    for (const q of queries.queries) q.state.dataUpdatedAt = now
    hydrate(client, queries)
    return { client, catalogue }
  } catch {
    // Unreadable: the page loads its data as any other would.
    return { client, catalogue: null }
  }
}

/** `held`: a link tapped before this code ran, held by the page's early script (app/held-link.tsx). */
function start(held?: string) {
  // A page rendered by the server (src/client/ssr/, served by src/server/web/) stays on screen,
  // inert, until this script runs; then React hydrates it: it takes over the markup as it is
  // instead of drawing the page again (docs/decisions/0032).
  const rendered = container.firstElementChild !== null
  const { client, catalogue } = firstPageData()
  // The same tree as the server's (StrictMode, Providers, the routes).
  const app = (
    <StrictMode>
      <Providers client={client} firstPage={catalogue}>
        <BrowserRouter>
          <AppRoutes />
          {held && <FollowHeldLink to={held} />}
        </BrowserRouter>
      </Providers>
    </StrictMode>
  )
  if (!rendered) {
    container.dataset.ready = 'true'
    createRoot(container).render(app)
    return
  }
  // Hydrated at once: the page itself is a React.lazy component under its layout's <Suspense>;
  // until its chunk is in (preloaded by the page's head, src/server/web/client-build.ts), React
  // keeps the server's markup of that boundary as it is and hydrates it when the chunk arrives;
  // the header and the rest are hydrated meanwhile. #root stays inert until the page's code is
  // in: a tap, or text typed in the page's form, before then would be lost (the page's markup has
  // no handlers yet), or a form sent by the browser itself. From then on React's own listeners
  // take every tap: one on a part not hydrated yet hydrates that part first, then runs
  // (selective hydration). A page whose code fails to load shows its error (route-error.tsx),
  // which can then be tapped.
  // `data-ready`: the page's code is in and React holds the page (the browser tests wait for it).
  const active = () => {
    container.removeAttribute('inert')
    container.dataset.ready = 'true'
  }
  pageCode(matchPage(window.location.pathname) ?? '*').then(active, active)
  // The session the page was drawn with, which the parts hydrated late are hydrated with
  // (lib/session.ts).
  holdDrawnSession(client)
  // A transition: React hydrates in slices of a few milliseconds, yielding to the browser between
  // them; each <Suspense> boundary (the page under the header, the cards below the first screen,
  // the footer) is hydrated after the rest, in its own slices.
  startTransition(() => {
    hydrateRoot(container, app)
  })
}
// An "Ajouter" tapped while this code was on its way was posted by the page's early script
// (src/server/web/early-script.ts), which redrew the header's count: once its posts are answered it
// lets every later tap through, and React hydrates the header as the last answer drew it. A link
// tapped meanwhile was held: the app follows it once it holds the page.
const early = (window as { __etalCart?: { stop(): Promise<string | undefined> } }).__etalCart
if (early) void early.stop().then((held) => start(held))
else start()
// Offline use, once the page has loaded (docs/decisions/0021).
startServiceWorker()
