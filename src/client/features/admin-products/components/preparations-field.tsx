import { perUnit } from '@/shared/domain/preparations'
import type { UnitType } from '@/shared/domain/units'
import type { ProductPreparations } from '@/shared/schemas/products'
import { Input } from '@/client/components/ui/field'
import { usePreparations } from '../api/use-preparations'

type Offers = ProductPreparations

/**
 * What a product offers of its country's preparations (docs/rules/catalogue.md#preparations):
 * each one ticked is offered, free or with a price per kg or per piece (the product's unit), and
 * one may be the default a client starts with.
 */
export function PreparationsField({
  countryId,
  fixed,
  unitType,
  value,
  onChange,
}: {
  /** Root's chosen country; undefined for a super_admin (its own). */
  countryId: number | undefined
  fixed: boolean
  unitType: UnitType
  value: Offers
  onChange: (next: Offers) => void
}) {
  const list = usePreparations(countryId, fixed || countryId !== undefined)
  const byId = new Map(value.map((o) => [o.preparationId, o]))
  /** Offers `id` with this change (a price, the default), or stops offering it (null). */
  const set = (id: number, change: Partial<Offers[number]> | null) => {
    if (change === null) {
      onChange(value.filter((o) => o.preparationId !== id))
      return
    }
    const next = { ...(byId.get(id) ?? { preparationId: id, price: 0, isDefault: false }), ...change }
    // One default at most: picking one unpicks the other.
    onChange(
      (byId.has(id) ? value : [...value, next]).map((o) =>
        o.preparationId === id ? next : next.isDefault ? { ...o, isDefault: false } : o,
      ),
    )
  }
  return (
    <fieldset className="space-y-2 rounded-md border border-stone-200 p-3" data-testid="product-preparations">
      <legend className="px-1 text-sm font-medium text-stone-800">Préparations proposées</legend>
      {!fixed && countryId === undefined ? (
        <p className="text-sm text-stone-600">Choisissez d’abord le pays du produit.</p>
      ) : list.isPending ? (
        <p className="text-sm text-stone-600">Chargement…</p>
      ) : list.isError ? (
        <p className="text-sm text-red-700">Les préparations n’ont pas pu être lues.</p>
      ) : (
        <ul className="space-y-2">
          {list.data.map((p) => {
            const offer = byId.get(p.id)
            return (
              <li key={p.id} className="flex flex-wrap items-center gap-2 text-sm">
                <label className="flex min-w-40 flex-1 items-center gap-2">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-emerald-700"
                    checked={!!offer}
                    onChange={(e) => set(p.id, e.target.checked ? {} : null)}
                  />
                  {p.name}
                </label>
                {offer && (
                  <>
                    <label className="flex items-center gap-1">
                      <span className="sr-only">Prix de {p.name}</span>+
                      {/* Sized by its box: the control is w-full, and a width class on it would
                          not win over that one (cn joins, it does not merge). */}
                      <span className="block w-24">
                        <Input
                          type="number"
                          inputMode="numeric"
                          min={0}
                          step={1}
                          aria-label={`Prix de ${p.name} (F CFA${perUnit(unitType)})`}
                          value={offer.price}
                          onChange={(e) =>
                            set(p.id, { price: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })
                          }
                        />
                      </span>
                      <span className="text-stone-600">F{perUnit(unitType)}</span>
                    </label>
                    <label className="flex items-center gap-1">
                      <input
                        type="radio"
                        name="preparation-default"
                        checked={!!offer.isDefault}
                        onChange={() => set(p.id, { isDefault: true })}
                      />
                      Par défaut
                      {/* Each radio says whose default it is to a screen reader. */}
                      <span className="sr-only"> ({p.name})</span>
                    </label>
                  </>
                )}
              </li>
            )
          })}
        </ul>
      )}
      <p className="text-xs text-stone-500">
        0 F : gratuite. Le prix s’ajoute à celui du produit{perUnit(unitType)}, remisé et pesé comme la
        viande.
      </p>
    </fieldset>
  )
}
