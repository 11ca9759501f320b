import { Link } from 'react-router'

export function SiteFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-stone-600 sm:flex-row sm:items-center sm:justify-between">
        <p>© {year} Étal. Tous droits réservés. Viande fraîche livrée en Afrique de l'Ouest et du Centre.</p>
        <Link to="/employee/login" className="font-medium text-stone-700 hover:text-brand">
          Employé
        </Link>
      </div>
    </footer>
  )
}
