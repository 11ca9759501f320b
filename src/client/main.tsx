import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { Providers } from './app/providers'
import { router } from './app/router'
import './styles.css'

/** Resolves once the router has loaded the first route's lazy page. */
function routerReady() {
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

const container = document.getElementById('root')!
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (a phone's taps and paints get through).
const mount = () =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  )
// A page pre-rendered by the server (src/server/http/spa-pages.ts) stays on screen until the
// route's code is in, then React replaces it: no full-page spinner in between.
if (container.firstElementChild) void routerReady().then(mount)
else mount()
