import { useState } from 'react'
import { Button } from '@/client/components/ui/button'
import { Select } from '@/client/components/ui/field'
import { useBulkProductAction } from '../api/use-products'
import { CountryOptions } from '@/client/components/country-options'

/** Root's bulk-actions bar over a selection: activate, deactivate, move to a country. */
export function BulkBar({
  selected,
  countries,
  onDone,
}: {
  selected: number[]
  countries: { id: number; name: string }[]
  onDone: () => void
}) {
  const bulk = useBulkProductAction()
  const [target, setTarget] = useState('')
  if (selected.length === 0) return null
  const run = (input: Parameters<typeof bulk.mutate>[0]) => bulk.mutate(input, { onSuccess: onDone })
  return (
    <div
      role="region"
      aria-label="Actions en masse"
      className="sticky top-0 z-10 mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-brand/30 bg-brand-light p-3"
    >
      <span className="mr-2 text-sm font-medium text-stone-900">
        {selected.length} produit(s) sélectionné(s)
      </span>
      <Button
        size="sm"
        disabled={bulk.isPending}
        onClick={() => run({ action: 'toggle_active', isActive: true, productIds: selected })}
      >
        Activer
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={bulk.isPending}
        onClick={() => run({ action: 'toggle_active', isActive: false, productIds: selected })}
      >
        Désactiver
      </Button>
      <div className="flex items-center gap-2">
        <div className="w-44">
          <Select
            aria-label="Pays de destination"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            className="h-8 text-sm"
          >
            <CountryOptions countries={countries} none="Déplacer vers…" />
          </Select>
        </div>
        <Button
          size="sm"
          variant="secondary"
          disabled={!target || bulk.isPending}
          onClick={() =>
            run({ action: 'move_to_country', targetCountryId: Number(target), productIds: selected })
          }
        >
          Déplacer
        </Button>
      </div>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Effacer la sélection
      </Button>
    </div>
  )
}
