import { UserPlus } from 'lucide-react'
import { useState } from 'react'
import { canCreateRole } from '@/shared/domain/permissions'
import { Button } from '@/client/components/ui/button'
import { Dialog } from '@/client/components/ui/dialog'
import { PageHeader } from '@/client/components/ui/page-header'
import { useSession } from '@/client/lib/session'
import { CreateUserForm } from '../components/create-user-form'
import { UsersPanel } from '../components/users-panel'

/**
 * /admin/users-management: the clients and drivers of the admin's country, with 'Ajouter un
 * Livreur' and 'Ajouter un Client' (docs/rules/people.md#who-may-do-what: an admin creates drivers and clients of its own
 * country).
 */
export default function UsersManagementPage() {
  const { user } = useSession()
  const [open, setOpen] = useState<'driver' | 'client' | null>(null)
  if (!user) return null
  return (
    <>
      <PageHeader
        title="Gestion des Utilisateurs"
        description={`Clients et livreurs${user.country && user.role !== 'root' ? ` · ${user.country}` : ''}`}
        actions={
          <>
            {canCreateRole(user.role, 'delivery_driver') && (
              <Button onClick={() => setOpen('driver')}>
                <UserPlus className="h-4 w-4" aria-hidden />
                Ajouter un Livreur
              </Button>
            )}
            {canCreateRole(user.role, 'client') && (
              <Button variant="outline" onClick={() => setOpen('client')}>
                <UserPlus className="h-4 w-4" aria-hidden />
                Ajouter un Client
              </Button>
            )}
          </>
        }
      />
      <UsersPanel variant="management" roles={['client', 'delivery_driver']} />
      {open === 'driver' && (
        <Dialog open onOpenChange={(o) => !o && setOpen(null)} title="Ajouter un Livreur">
          <CreateUserForm kind="driver" idPrefix="add-driver" onCreated={() => setOpen(null)} />
        </Dialog>
      )}
      {open === 'client' && (
        <Dialog open onOpenChange={(o) => !o && setOpen(null)} title="Ajouter un Client">
          <CreateUserForm
            kind="user"
            fixedRoleOf="client"
            idPrefix="add-client"
            onCreated={() => setOpen(null)}
          />
        </Dialog>
      )}
    </>
  )
}
