import { MapPin } from 'lucide-react'
import { useEffect } from 'react'
import { Select } from '@/client/components/ui/field'
import { chooseCatalogueCountry, type CatalogueCountry } from '@/client/lib/catalogue'
import { useCountries } from '@/client/lib/reference-data'
import { CountryOptions } from '@/client/components/country-options'

/**
 * Whose catalogue the page shows (docs/rules/catalogue.md#catalogue): a signed-in client's own country,
 * said; anyone else chooses among the active countries, kept on this device.
 */
export function CountryChooser({ country }: { country: CatalogueCountry }) {
  const countries = useCountries()
  const chosen = country.status === 'device' ? country.countryId : null
  // A country chosen earlier and no longer offered (deactivated): back to every country.
  const stale =
    chosen !== null && countries.data !== undefined && !countries.data.some((c) => c.id === chosen)
  useEffect(() => {
    if (stale) chooseCatalogueCountry(null)
  }, [stale])

  if (country.status === 'account') {
    return (
      <div className="space-y-0.5" data-testid="catalogue-country">
        <p className="flex h-10 items-center gap-2 text-sm text-stone-800">
          <MapPin className="h-4 w-4 text-brand" aria-hidden />
          Votre pays : <strong className="font-semibold">{country.countryName ?? '—'}</strong>
        </p>
        <p className="text-xs text-stone-500">Les produits livrés dans le pays de votre compte.</p>
      </div>
    )
  }
  return (
    <div className="space-y-0.5" data-testid="catalogue-country">
      <div className="flex items-center gap-2">
        <MapPin className="h-4 w-4 shrink-0 text-brand" aria-hidden />
        <label htmlFor="catalogue-country" className="shrink-0 text-sm font-medium text-stone-800">
          Votre pays
        </label>
        <Select
          id="catalogue-country"
          className="min-w-0 flex-1 sm:w-56 sm:flex-none"
          aria-describedby="catalogue-country-hint"
          value={chosen ?? ''}
          disabled={country.status === 'pending' || !countries.data}
          onChange={(e) => chooseCatalogueCountry(e.target.value ? Number(e.target.value) : null)}
        >
          <CountryOptions countries={countries.data} none="Tous les pays" />
        </Select>
      </div>
      <p id="catalogue-country-hint" className="text-xs text-stone-500">
        {chosen === null
          ? 'Choisissez votre pays pour ne voir que ses produits.'
          : 'Seuls les produits livrés dans ce pays sont affichés.'}
      </p>
    </div>
  )
}
