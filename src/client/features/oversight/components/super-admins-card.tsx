import { Plus } from 'lucide-react'
import { useState } from 'react'
import { formatDate } from '@/shared/format'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Dialog } from '@/client/components/ui/dialog'
import { Input } from '@/client/components/ui/field'
import { Pager } from '@/client/components/ui/pager'
import { EmptyState, ErrorState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { CreateUserForm } from '@/client/features/users/components/create-user-form'
import { useSuperAdmins } from '../api/dashboards-api'
import { useDebouncedValue } from '@/client/lib/use-debounced-value'

/** The root dashboard's super admins: search (300 ms), 10 a page, and the creation dialog. */
export function SuperAdminsCard({ country }: { country?: string }) {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [creating, setCreating] = useState(false)
  const debounced = useDebouncedValue(search.trim(), 300)
  const q = useSuperAdmins({ country, search: debounced || undefined, page })
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>Super administrateurs{country ? ` · ${country}` : ''}</CardTitle>
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          Créer un super admin
        </Button>
      </CardHeader>
      <CardContent className="space-y-3">
        <Input
          type="search"
          aria-label="Rechercher un super admin"
          placeholder="Rechercher par nom ou email…"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setPage(1)
          }}
        />
        {q.isPending ? (
          <SkeletonRows count={5} />
        ) : q.isError ? (
          <ErrorState
            message={`Erreur lors du chargement des super administrateurs: ${q.error.message}`}
            onRetry={() => void q.refetch()}
          />
        ) : q.data.superAdmins.length === 0 ? (
          <EmptyState message="Aucun utilisateur trouvé" />
        ) : (
          <>
            <Table
              aria-label="Super administrateurs"
              className={q.isPlaceholderData ? 'opacity-60' : undefined}
            >
              <THead>
                <tr>
                  <Th>Nom</Th>
                  <Th>Pays</Th>
                  <Th>Ville</Th>
                  <Th>Créé le</Th>
                  <Th>Statut</Th>
                </tr>
              </THead>
              <TBody>
                {q.data.superAdmins.map((s) => (
                  <Tr key={s.id}>
                    <Td>
                      <p className="font-medium text-stone-900">{s.displayName}</p>
                      <p className="text-xs text-stone-500">{s.email}</p>
                    </Td>
                    <Td>{s.country ?? '—'}</Td>
                    <Td>{s.city ?? '—'}</Td>
                    <Td className="whitespace-nowrap">{formatDate(s.createdAt)}</Td>
                    <Td>
                      <Badge variant={s.isActive ? 'success' : 'outline'}>
                        {s.isActive ? 'Actif' : 'Inactif'}
                      </Badge>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
            <Pager page={page} totalPages={q.data.pagination.totalPages} onPageChange={setPage} />
          </>
        )}
      </CardContent>
      {creating && (
        <Dialog
          open
          onOpenChange={setCreating}
          title="Créer un super admin"
          description="Le super admin gère le pays choisi."
        >
          <CreateUserForm kind="super-admin" idPrefix="super-admin" onCreated={() => setCreating(false)} />
        </Dialog>
      )}
    </Card>
  )
}
