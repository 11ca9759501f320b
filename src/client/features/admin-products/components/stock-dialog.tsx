import { useEffect, useState } from 'react'
import type { OutOfStockChoice } from '@/shared/domain/stock'
import { quantityStep } from '@/shared/domain/units'
import { formatQuantity } from '@/shared/format'
import { dailyQuantityStepError, type AdminProduct } from '@/shared/schemas/products'
import { Button } from '@/client/components/ui/button'
import { Dialog } from '@/client/components/ui/dialog'
import { Field, Input } from '@/client/components/ui/field'
import { useSetStock } from '../api/use-products'

const choices: { value: OutOfStockChoice; label: string; hint: string }[] = [
  { value: 'no', label: 'En vente', hint: 'Dans la limite de la quantité du jour, s’il y en a une.' },
  { value: 'today', label: 'Épuisé aujourd’hui', hint: 'De retour demain, à minuit heure du pays.' },
  {
    value: 'until_further_notice',
    label: 'Épuisé jusqu’à nouvel ordre',
    hint: 'Jusqu’à ce que vous le remettiez en vente.',
  },
]

/** What is in stock (docs/rules/catalogue.md#stock): out of stock today or until further notice, the daily quantity. */
export function StockDialog({
  product,
  onOpenChange,
}: {
  product: AdminProduct | null
  onOpenChange: (open: boolean) => void
}) {
  const setStock = useSetStock()
  const [choice, setChoice] = useState<OutOfStockChoice>('no')
  const [daily, setDaily] = useState('')
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    if (!product) return
    setChoice(product.outOfStock ?? 'no')
    setDaily(product.dailyQuantity === null ? '' : String(product.dailyQuantity))
    setError(undefined)
  }, [product])
  if (!product) return null
  const unit = product.unitType

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const text = daily.trim().replace(',', '.')
    const dailyQuantity = text === '' ? null : Number(text)
    if (dailyQuantity !== null) {
      const problem =
        !Number.isFinite(dailyQuantity) || dailyQuantity <= 0
          ? 'La quantité du jour doit être positive.'
          : dailyQuantityStepError(unit, dailyQuantity)
      if (problem) {
        setError(problem)
        return
      }
    }
    setStock.mutate(
      { id: product.id, outOfStock: choice, dailyQuantity },
      {
        onSuccess: () => onOpenChange(false),
        onError: (err) => setError(err.message),
      },
    )
  }

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`Stock : ${product.name}`}
      description={
        product.dailyQuantity === null
          ? 'Sans quantité du jour, le produit se vend sans limite.'
          : `Vendu aujourd’hui : ${formatQuantity(product.soldToday, unit)} sur ${formatQuantity(product.dailyQuantity, unit)}.`
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-stone-800">Disponibilité</legend>
          {choices.map((c) => (
            <label
              key={c.value}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-stone-200 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-light/40"
            >
              <input
                type="radio"
                name="outOfStock"
                value={c.value}
                checked={choice === c.value}
                onChange={() => setChoice(c.value)}
                className="mt-1 h-4 w-4 accent-emerald-700"
              />
              <span>
                <span className="block text-sm font-medium text-stone-900">{c.label}</span>
                <span className="block text-xs text-stone-600">{c.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Field
          label={`Quantité du jour (${unit === 'kg' ? 'kg' : 'pièces'})`}
          htmlFor="dailyQuantity"
          hint="Ce que les commandes peuvent prendre chaque jour ; vide : sans limite. Le compte repart de zéro chaque jour."
          error={error}
        >
          <Input
            id="dailyQuantity"
            type="number"
            inputMode="decimal"
            min={quantityStep(unit)}
            step={quantityStep(unit)}
            value={daily}
            onChange={(e) => {
              setDaily(e.target.value)
              setError(undefined)
            }}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" pending={setStock.isPending}>
            Enregistrer
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
