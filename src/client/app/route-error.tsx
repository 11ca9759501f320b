import { Component, useEffect, type ReactNode } from 'react'
import { documentTitle } from '@/shared/pages'
import { ErrorState } from '../components/ui/query-state'

/** A page that failed to load or render: on a weak connection, usually its chunk. */
export function RouteError({ error }: { error: unknown }) {
  const chunk =
    error instanceof Error &&
    /dynamically imported module|Failed to fetch|Importing a module script/i.test(error.message)
  // Offline, a page whose code the device never loaded (/contact, say, reached by a link): the
  // worker's offline page says what works without a connection, with the shop's links
  // (docs/rules/phones-offline.md#offline). Loaded again, the page is asked of the worker, which answers it.
  const offline =
    chunk && typeof navigator !== 'undefined' && !navigator.onLine && !!navigator.serviceWorker?.controller
  useEffect(() => {
    if (offline) window.location.reload()
    else document.title = documentTitle('Erreur')
  }, [offline])
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl p-6">
      <ErrorState
        titleAs="h1"
        title={chunk ? 'Impossible de charger la page' : 'Une erreur est survenue'}
        message={
          chunk
            ? 'Vérifiez votre connexion internet puis réessayez.'
            : 'La page a rencontré un problème. Réessayez ; si cela persiste, contactez-nous.'
        }
        onRetry={() => window.location.reload()}
      />
    </main>
  )
}

type BoundaryProps = { pathname: string; children: ReactNode }
type BoundaryState = { error: unknown; failed: boolean }

/**
 * The app's error boundary (router.tsx's AppRoutes): an error thrown while drawing a page, or by
 * React.lazy when the page's chunk fails to load, shows RouteError in place of the app. Going to
 * another page (a link, the browser's back button) draws the app again.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false }

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true }
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.pathname !== this.props.pathname)
      this.setState({ error: null, failed: false })
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children
  }
}
