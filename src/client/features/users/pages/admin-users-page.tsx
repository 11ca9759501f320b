import { UserPlus } from 'lucide-react'
import { useState } from 'react'
import { canCreateAdmin, canCreateDriver } from '@/shared/domain/permissions'
import { Button } from '@/client/components/ui/button'
import { Dialog } from '@/client/components/ui/dialog'
import { PageHeader } from '@/client/components/ui/page-header'
import { useSession } from '@/client/lib/session'
import { CreateUserForm } from '../components/create-user-form'
import { UsersPanel } from '../components/users-panel'

/** /admin/users: 'Gestion des Utilisateurs' with 'Ajouter un Admin' and 'Ajouter un Livreur'. */
export default function AdminUsersPage() {
  const { user } = useSession()
  const [open, setOpen] = useState<'admin' | 'driver' | null>(null)
  if (!user) return null
  return (
    <>
      <PageHeader
        title="Gestion des Utilisateurs"
        description={user.role === 'root' ? 'Tous les pays' : `Pays : ${user.country ?? '—'}`}
        actions={
          <>
            {canCreateAdmin(user.role) && (
              <Button onClick={() => setOpen('admin')}>
                <UserPlus className="h-4 w-4" aria-hidden />
                Ajouter un Admin
              </Button>
            )}
            {canCreateDriver(user.role) && (
              <Button variant="outline" onClick={() => setOpen('driver')}>
                <UserPlus className="h-4 w-4" aria-hidden />
                Ajouter un Livreur
              </Button>
            )}
          </>
        }
      />
      <UsersPanel />
      {open === 'admin' && (
        <Dialog open onOpenChange={(o) => !o && setOpen(null)} title="Ajouter un Admin">
          <CreateUserForm
            kind="user"
            defaultRole="admin"
            idPrefix="add-admin"
            onCreated={() => setOpen(null)}
          />
        </Dialog>
      )}
      {open === 'driver' && (
        <Dialog open onOpenChange={(o) => !o && setOpen(null)} title="Ajouter un Livreur">
          <CreateUserForm kind="driver" idPrefix="add-driver" onCreated={() => setOpen(null)} />
        </Dialog>
      )}
    </>
  )
}
