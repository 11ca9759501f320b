import { Link } from 'react-router'
import { homeRouteFor, isStaff } from '@/shared/domain/roles'
import type { SessionUser } from '@/shared/schemas/auth'
import { Button } from './ui/button'
import { ErrorState } from './ui/query-state'

/** Admin-type roles cannot buy; any other role is refused. */
export function ShopDenied({ user }: { user: SessionUser }) {
  if (user.role === 'delivery_driver') {
    return (
      <div className="mx-auto max-w-md space-y-4 py-10 text-center">
        <ErrorState
          titleAs="h1"
          title="Accès non autorisé"
          message="Votre compte livreur ne permet pas de passer des commandes : le panier est réservé aux clients."
        />
        <Button asChild>
          <Link to={homeRouteFor(user.role)}>Aller à mes livraisons</Link>
        </Button>
      </div>
    )
  }
  if (!isStaff(user.role)) {
    return (
      <div className="mx-auto max-w-xl p-4">
        <ErrorState
          titleAs="h1"
          title="Accès refusé"
          message={`Access denied. Your role (${user.role}) lacks required permissions.`}
        />
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-md space-y-4 py-10 text-center">
      <ErrorState
        titleAs="h1"
        title="Accès non autorisé"
        message="Votre compte administrateur ne permet pas de passer des commandes."
      />
      <Button asChild>
        <Link to={homeRouteFor(user.role)}>Aller à mon tableau de bord</Link>
      </Button>
    </div>
  )
}
