import { Suspense } from 'react'
import { Link } from 'react-router'
import { Button } from '@/client/components/ui/button'
import { ErrorState } from '@/client/components/ui/query-state'
import { PageSpinner } from '@/client/components/ui/spinner'
import { useSession } from '@/client/lib/session'
import { dashboards } from '../dashboards'

/** /dashboard: each role its own dashboard; signed out, the sign-in link. */
export default function DashboardPage() {
  const session = useSession()
  if (session.status === 'loading') return <PageSpinner />
  if (session.status === 'unauthenticated') {
    return (
      <div className="mx-auto max-w-md space-y-4 py-10 text-center">
        <ErrorState
          titleAs="h1"
          title="Non authentifié"
          message="Connectez-vous pour accéder à votre tableau de bord."
        />
        <Button asChild>
          <Link to="/client/login">Se connecter</Link>
        </Button>
      </div>
    )
  }
  const Branch = dashboards[session.user.role]
  if (!Branch) {
    return (
      <div className="mx-auto max-w-md py-10">
        <ErrorState
          titleAs="h1"
          title="Rôle non supporté"
          message={`Le rôle « ${session.user.role} » n'a pas de tableau de bord.`}
        />
      </div>
    )
  }
  return (
    <Suspense fallback={<PageSpinner />}>
      <Branch />
    </Suspense>
  )
}
