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
  useEffect(() => {
    document.title = documentTitle('Erreur')
  }, [])
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
