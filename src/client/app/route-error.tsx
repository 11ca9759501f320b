import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { documentTitle } from '@/shared/pages'
import { ErrorState } from '../components/ui/query-state'

/** A page that failed to load or render: on a weak connection, usually its chunk. */
export function RouteError() {
  const error = useRouteError() as Error | undefined
  const chunk =
    !!error?.message &&
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
