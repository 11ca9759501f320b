import type { Role } from '@/shared/domain/roles'
import { useState } from 'react'
import type { ListedUser } from '@/shared/schemas/users'
import { Button } from '@/client/components/ui/button'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { QueryState } from '@/client/components/ui/query-state'
import { useAdminUsers } from '../api/users-api'
import { staffErrorText } from '@/client/lib/error-text'
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
  const [sharedOnly, setSharedOnly] = useState(false)
  const inRoles = (users: ListedUser[]) => (roles ? users.filter((u) => roles.includes(u.role)) : users)
  const keep = (users: ListedUser[]) => inRoles(users).filter((u) => !sharedOnly || u.sharesPhone)
  return (
    <QueryState
      query={query}
      loading={<SkeletonRows count={8} />}
      errorTitle="Erreur de chargement"
      errorMessage={(e) => staffErrorText(e, { prefix: 'Erreur lors du chargement des utilisateurs: ' })}
      empty="Aucun utilisateur trouvé"
      isEmpty={(users) => keep(users).length === 0}
    >
      {(users) => (
        <>
          <SharedPhones
            count={inRoles(users).filter((u) => u.sharesPhone).length}
            only={sharedOnly}
            onOnly={setSharedOnly}
          />
          <UsersTable users={keep(users)} variant={variant} />
        </>
      )}
    </QueryState>
  )
}

/**
 * Accounts that share their phone number with another (kept from before one account per number):
 * how many, what to do, and a filter to list them alone (docs/rules/people.md, "One account per
 * phone number").
 */
function SharedPhones({
  count,
  only,
  onOnly,
}: {
  count: number
  only: boolean
  onOnly: (v: boolean) => void
}) {
  if (count === 0 && !only) return null
  return (
    <div
      role="status"
      data-testid="shared-phones"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p>
        {count === 1
          ? '1 compte partage son numéro de téléphone avec un autre compte.'
          : `${count} comptes partagent leur numéro de téléphone avec un autre compte.`}{' '}
        Un numéro ne sert plus qu’à un seul compte : donnez à chacun le sien (ces comptes se connectent par
        e-mail en attendant).
      </p>
      <Button type="button" variant="outline" size="sm" onClick={() => onOnly(!only)}>
        {only ? 'Afficher tous les comptes' : 'Afficher ces comptes'}
      </Button>
    </div>
  )
}
