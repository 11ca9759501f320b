import { ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { useSession } from '@/client/lib/session'
import { CreateUserForm } from '../components/create-user-form'

/** /admin/create-delivery-driver: intro, breadcrumb back to /dashboard, the creation form. */
export default function CreateDriverPage() {
  const { user } = useSession()
  return (
    <div className="mx-auto max-w-xl">
      <nav aria-label="Fil d'Ariane" className="mb-4 flex items-center gap-1 text-sm text-stone-600">
        <Link to="/dashboard" className="hover:text-brand hover:underline">
          Tableau de bord
        </Link>
        <ChevronRight className="h-4 w-4" aria-hidden />
        <span className="text-stone-900">Créer un livreur</span>
      </nav>
      <h1 className="text-2xl font-bold text-stone-900">Créer un livreur</h1>
      <p className="mt-2 mb-6 text-sm text-stone-600">
        Réservé aux super-administrateurs : le livreur est rattaché à votre pays
        {user?.role !== 'root' && user?.country ? ` (${user.country})` : ''} et pourra se connecter aussitôt
        avec l'email et le mot de passe choisis.
      </p>
      <Card>
        <CardHeader>
          <CardTitle>Nouveau livreur</CardTitle>
        </CardHeader>
        <CardContent>
          <CreateUserForm kind="driver" idPrefix="driver" />
        </CardContent>
      </Card>
    </div>
  )
}
