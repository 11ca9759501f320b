import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import type { Role } from '@/shared/domain/roles'
import type { SessionUser } from '@/shared/schemas/auth'
import { ErrorState } from '../components/ui/query-state'
import { PageSpinner } from '../components/ui/spinner'
import { useSession } from '../lib/session'

/** Where a signed-out visitor is sent, with the page to come back to. */
function loginRedirect(pathname: string, search = '') {
  return `/client/login?redirect=${encodeURIComponent(pathname + search)}`
}

/**
 * A route-group guard built from a list of allowed roles: a spinner while the session
 * loads, the client login for a visitor, the spec's message for any other role.
 */
export function RequireRole({
  roles,
  children,
  denied,
}: {
  roles: readonly Role[]
  children: ReactNode
  /** Replaces the generic refusal (the shop's own 'Accès non autorisé'). */
  denied?: (user: SessionUser) => ReactNode
}) {
  const session = useSession()
  const location = useLocation()
  if (session.status === 'loading') return <PageSpinner />
  if (session.status === 'unauthenticated')
    return <Navigate to={loginRedirect(location.pathname, location.search)} replace />
  if (!roles.includes(session.user.role)) {
    return denied ? (
      <>{denied(session.user)}</>
    ) : (
      <div className="mx-auto max-w-xl p-4">
        <ErrorState
          titleAs="h1"
          title="Accès refusé"
          message={`Access denied. Your role (${session.user.role}) lacks required permissions.`}
        />
      </div>
    )
  }
  return <>{children}</>
}
