import { Link } from 'react-router'
import { Button } from '../components/ui/button'

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand">404</p>
      <h1 className="text-2xl font-semibold">Page introuvable</h1>
      <p className="text-stone-600">La page que vous cherchez n'existe pas ou a été déplacée.</p>
      <Button asChild>
        <Link to="/">Retour à l'accueil</Link>
      </Button>
    </div>
  )
}
