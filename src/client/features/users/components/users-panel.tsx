import type { Role } from '@/shared/domain/roles'
import type { AdminUser } from '@/shared/schemas/users'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { QueryState } from '@/client/components/ui/query-state'
import { useAdminUsers } from '../api/users-api'
import { staffErrorMessage } from '../lib/staff-error'
import { UsersTable } from './users-table'

/** A users list with its states: 8 skeleton rows, the load error, 'Aucun utilisateur trouvé'. */
export function UsersPanel({
  country,
  variant = 'full',
  roles,
}: {
  country?: string
  variant?: 'full' | 'management' | 'country'
  /** Only these roles (the admin's variant lists clients and drivers). */
  roles?: readonly Role[]
}) {
  const query = useAdminUsers(country)
  const keep = (users: AdminUser[]) => (roles ? users.filter((u) => roles.includes(u.role)) : users)
  return (
    <QueryState
      query={query}
      loading={<SkeletonRows count={8} />}
      errorTitle="Erreur de chargement"
      errorMessage={(e) => staffErrorMessage(e, 'Erreur lors du chargement des utilisateurs: ')}
      empty="Aucun utilisateur trouvé"
      isEmpty={(users) => keep(users).length === 0}
    >
      {(users) => <UsersTable users={keep(users)} variant={variant} />}
    </QueryState>
  )
}
