import { History, Pencil, Percent } from 'lucide-react'
import { useState } from 'react'
import { canEditUser, canSetDiscount, canToggleUser } from '@/shared/domain/permissions'
import type { AdminUser, ListedUser } from '@/shared/schemas/users'
import { formatDate, formatNumber, formatPercent } from '@/shared/format'
import { Badge } from '@/client/components/ui/badge'
import { RowActions } from '@/client/components/ui/row-actions'
import { RoleBadge } from '@/client/components/ui/status-badges'
import { Switch } from '@/client/components/ui/switch'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { useSession } from '@/client/lib/session'
import { useToggleUser } from '../api/users-api'
import { DiscountDialog } from './discount-dialog'
import { EditUserDialog } from './edit-user-dialog'
import { PhoneLinks } from '@/client/components/phone-links'

/**
 * 'Gestion des Utilisateurs': the full list ('full'), the admin's clients and drivers
 * ('management'), or a country's users without the phone column ('country').
 */
export function UsersTable({
  users,
  variant = 'full',
}: {
  users: ListedUser[]
  variant?: 'full' | 'management' | 'country'
}) {
  const { user: me } = useSession()
  const toggle = useToggleUser()
  const [editing, setEditing] = useState<AdminUser | null>(null)
  const [discounting, setDiscounting] = useState<AdminUser | null>(null)
  const full = variant === 'full'
  if (!me) return null

  return (
    <>
      <Table aria-label="Utilisateurs">
        <THead>
          <tr>
            <Th>Utilisateur</Th>
            <Th>Rôle</Th>
            {variant !== 'country' && <Th>{full ? 'Contact' : 'Téléphone'}</Th>}
            <Th className="text-right">Points</Th>
            {full && <Th className="text-right">Rabais</Th>}
            <Th>Statut</Th>
            {full && <Th>Inscrit le</Th>}
            <Th className="text-right">Actions</Th>
          </tr>
        </THead>
        <TBody>
          {users.map((u) => {
            const self = u.id === me.id
            return (
              <Tr key={u.id} data-testid={`user-row-${u.id}`}>
                <Td>
                  <p className="font-medium text-stone-900">{u.displayName}</p>
                  <p className="text-xs text-stone-500">{u.email}</p>
                </Td>
                <Td>
                  <RoleBadge role={u.role} />
                </Td>
                {variant !== 'country' && (
                  <Td className="text-stone-700">
                    <PhoneLinks phone={u.phoneNumber} who={u.displayName} />
                    {u.sharesPhone && (
                      <Badge variant="warning" className="mt-1" data-testid="shares-phone">
                        Numéro partagé
                      </Badge>
                    )}
                    {full && (
                      <p className="text-xs text-stone-500">
                        {[u.city, u.country].filter(Boolean).join(', ')}
                      </p>
                    )}
                  </Td>
                )}
                <Td className="text-right tabular-nums">{formatNumber(u.loyaltyPoints)}</Td>
                {full && (
                  <Td className="text-right tabular-nums">
                    {u.customDiscountPercent ? formatPercent(u.customDiscountPercent) : '—'}
                  </Td>
                )}
                <Td>
                  <div className="flex items-center gap-2">
                    <Switch
                      checked={u.isActive}
                      disabled={self || !canToggleUser(me, u)}
                      label={`${u.isActive ? 'Désactiver' : 'Activer'} ${u.displayName}`}
                      onCheckedChange={(isActive) => toggle.mutate({ userId: u.id, isActive })}
                    />
                    <span className="text-xs text-stone-600">{u.isActive ? 'Actif' : 'Inactif'}</span>
                  </div>
                </Td>
                {full && <Td className="whitespace-nowrap text-stone-600">{formatDate(u.createdAt)}</Td>}
                <Td>
                  <RowActions
                    actions={[
                      full &&
                        canEditUser(me, u) && {
                          label: `Modifier ${u.displayName}`,
                          text: 'Modifier',
                          icon: Pencil,
                          onClick: () => setEditing(u),
                        },
                      full &&
                        canSetDiscount(me.role) && {
                          label: `Rabais de ${u.displayName}`,
                          text: 'Rabais',
                          icon: Percent,
                          onClick: () => setDiscounting(u),
                        },
                      {
                        label: `Historique de ${u.displayName}`,
                        text: 'Historique',
                        icon: History,
                        to: `/admin/users/${u.id}/history`,
                      },
                    ]}
                  />
                </Td>
              </Tr>
            )
          })}
        </TBody>
      </Table>
      {editing && <EditUserDialog target={editing} onOpenChange={(o) => !o && setEditing(null)} />}
      {discounting && (
        <DiscountDialog target={discounting} onOpenChange={(o) => !o && setDiscounting(null)} />
      )}
    </>
  )
}
