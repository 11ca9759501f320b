import { Link } from 'react-router'
import { useCatalogueCountry } from '@/client/lib/catalogue'
import { useCountries } from '@/client/lib/reference-data'

/**
 * The halal statement of the catalogue's country (docs/rules/catalogue.md#provenance), when one is
 * chosen and it has one; nothing before the countries are in (the same on the server and in the
 * browser's first render: both read the page's data).
 */
function HalalStatement() {
  const country = useCatalogueCountry()
  const countryId = country.status === 'pending' ? null : country.countryId
  // Asked for only once a country is chosen: every country's catalogue has no one statement.
  const countries = useCountries(countryId !== null)
  const statement = countries.data?.find((c) => c.id === countryId)?.halalStatement
  if (!statement) return null
  return (
    <p className="text-emerald-900" data-testid="footer-halal-statement">
      {statement}
    </p>
  )
}

export function SiteFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-stone-600 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <p>
            © {year} Étal. Tous droits réservés. Viande fraîche livrée en Afrique de l'Ouest et du Centre.
          </p>
          <HalalStatement />
        </div>
        <Link to="/employee/login" className="font-medium text-stone-700 hover:text-brand">
          Employé
        </Link>
      </div>
    </footer>
  )
}
