import { PageHeader } from '../../../components/ui/page-header'
import { useSession } from '../../../lib/session'
import { UsersPanel } from '../components/users-panel'

/** /admin/users-management: the clients and drivers of the admin's country. */
export default function UsersManagementPage() {
  const { user } = useSession()
  return (
    <>
      <PageHeader
        title="Gestion des Utilisateurs"
        description={`Clients et livreurs${user?.country && user.role !== 'root' ? ` · ${user.country}` : ''}`}
      />
      <UsersPanel variant="management" roles={['client', 'delivery_driver']} />
    </>
  )
}
