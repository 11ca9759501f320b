import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { PageHeader } from '@/client/components/ui/page-header'
import { CreateUserForm } from '../components/create-user-form'
import { UsersPanel } from '../components/users-panel'

/** /root/users: every account, with the account-creation form beside the list. */
export default function RootUsersPage() {
  return (
    <>
      <PageHeader title="Gestion des Utilisateurs (Root)" description="Tous les comptes, de tous les pays." />
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <UsersPanel />
        </div>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>Créer un compte</CardTitle>
          </CardHeader>
          <CardContent>
            <CreateUserForm idPrefix="root-new" />
          </CardContent>
        </Card>
      </div>
    </>
  )
}
