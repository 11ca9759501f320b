// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy, Suspense, type ReactNode } from 'react'
import { Link, Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RouteErrorBoundary } from '../../src/client/app/route-error'
import { withProviders } from './network'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** A page whose chunk cannot be fetched, as the browser says it. */
const Unreachable = lazy(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/contact-page.js')),
)

function Broken(): ReactNode {
  throw new Error('undefined is not a function')
}

/** The boundary as router.tsx's AppRoutes puts it, with a way out that is not inside it. */
function App() {
  const { pathname } = useLocation()
  return (
    <>
      <Link to="/ok">Ailleurs</Link>
      <RouteErrorBoundary pathname={pathname}>
        <Suspense fallback={<p>Chargement</p>}>
          <Routes>
            <Route path="/unreachable" element={<Unreachable />} />
            <Route path="/broken" element={<Broken />} />
            <Route path="/ok" element={<h1>Une page</h1>} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </>
  )
}

describe('RouteErrorBoundary (router.tsx: the error page of the routes)', () => {
  it('says the page could not be loaded when its chunk fails, and lets go when the location changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(withProviders(<App />, '/unreachable'))
    expect(await screen.findByRole('heading', { name: 'Impossible de charger la page' })).toBeTruthy()
    // Set by an effect, which may run after the heading is drawn on a busy machine.
    await waitFor(() => expect(document.title).toBe('Erreur · Étal'))
    await userEvent.click(screen.getByRole('link', { name: 'Ailleurs' }))
    expect(await screen.findByRole('heading', { name: 'Une page' })).toBeTruthy()
    expect(screen.queryByText('Impossible de charger la page')).toBeNull()
  })

  it('says an error occurred when a page throws while drawing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(withProviders(<App />, '/broken'))
    expect(await screen.findByRole('heading', { name: 'Une erreur est survenue' })).toBeTruthy()
  })
})
