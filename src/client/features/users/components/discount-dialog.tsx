import { useState, type FormEvent } from 'react'
import {
  DISCOUNT_RANGE_MESSAGE,
  DISCOUNT_STEP_MESSAGE,
  setDiscountInput,
  type AdminUser,
} from '@/shared/schemas/users'
import { Button } from '@/client/components/ui/button'
import { Dialog } from '@/client/components/ui/dialog'
import { Field, Input } from '@/client/components/ui/field'
import { useSetDiscount } from '../api/users-api'

/** Root's custom discount: 0 to 100 in steps of 0.01; empty removes it. */
export function DiscountDialog({
  target,
  onOpenChange,
}: {
  target: AdminUser
  onOpenChange: (open: boolean) => void
}) {
  const [value, setValue] = useState(
    target.customDiscountPercent == null ? '' : String(target.customDiscountPercent),
  )
  const [error, setError] = useState<string | null>(null)
  const mutation = useSetDiscount()

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const trimmed = value.trim().replace(',', '.')
    const discountPercent = trimmed === '' ? null : Number(trimmed)
    const parsed = setDiscountInput.safeParse({ userId: target.id, discountPercent })
    if (!parsed.success || (discountPercent !== null && Number.isNaN(discountPercent))) {
      setError(
        parsed.success ? DISCOUNT_RANGE_MESSAGE : (parsed.error.issues[0]?.message ?? DISCOUNT_STEP_MESSAGE),
      )
      return
    }
    setError(null)
    mutation.mutate(parsed.data, { onSuccess: () => onOpenChange(false) })
  }

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Rabais personnalisé"
      description={`Rabais appliqué aux commandes de ${target.displayName}.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          label="Rabais (%)"
          htmlFor="discountPercent"
          error={error ?? undefined}
          hint="Entre 0 et 100. Laisser vide pour supprimer le rabais."
        >
          <Input
            id="discountPercent"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" pending={mutation.isPending}>
            Enregistrer
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
