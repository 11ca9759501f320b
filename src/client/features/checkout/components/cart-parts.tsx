import { ShoppingBag } from 'lucide-react'
import { Link } from 'react-router'
import { formatMoney, formatNumber } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Field, Input } from '@/client/components/ui/field'
import { EmptyState } from '@/client/components/ui/query-state'

/** The cart with nothing in it, and the way to the products. */
export function EmptyCart() {
  return (
    <div className="mx-auto max-w-lg space-y-5 py-4">
      <h1 className="text-2xl font-bold text-stone-900">Mon panier</h1>
      <EmptyState message="Votre panier est vide">
        <Button asChild>
          <Link to="/products">
            <ShoppingBag className="h-4 w-4" aria-hidden />
            Voir les produits
          </Link>
        </Button>
      </EmptyState>
    </div>
  )
}

/** The chosen zone's fee, free-delivery threshold and minimum (docs/rules/delivery.md#delivery-fees). */
type ZoneTermsOf = {
  name: string
  deliveryFee: number
  freeDeliveryFrom: number | null
  minOrderAmount: number | null
}

export function ZoneTerms({ zone }: { zone: ZoneTermsOf }) {
  return (
    <p className="mt-3 text-sm text-stone-700" data-testid="zone-terms">
      {zone.deliveryFee > 0
        ? `Livraison dans la zone ${zone.name} : ${formatMoney(zone.deliveryFee)}`
        : `Livraison offerte dans la zone ${zone.name}`}
      {zone.freeDeliveryFrom != null && zone.deliveryFee > 0
        ? `, offerte dès ${formatMoney(zone.freeDeliveryFrom)}`
        : ''}
      {zone.minOrderAmount != null ? ` · minimum ${formatMoney(zone.minOrderAmount)}` : ''}.
    </p>
  )
}

/** The points to spend, held between 0 and what this order may take (docs/rules/money.md#points). */
export function PointsField({
  balance,
  pointValue,
  max,
  value,
  onChange,
}: {
  balance: number
  pointValue: number
  max: number
  value: number
  onChange: (points: number) => void
}) {
  return (
    <Field
      label="Points de fidélité à utiliser"
      htmlFor="pointsToUse"
      hint={
        <span data-testid="loyalty-hint">{`Vous avez ${formatNumber(balance)} points (1 point = ${formatMoney(pointValue)}), ${formatNumber(max)} utilisables sur cette commande.`}</span>
      }
    >
      <Input
        id="pointsToUse"
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        value={value}
        onChange={(e) => onChange(Math.max(0, Math.min(max, Math.trunc(Number(e.target.value) || 0))))}
      />
    </Field>
  )
}

/** 'Confirmer la commande', disabled while something is missing, which is said beside it. */
export function ConfirmOrder({
  missing,
  pending,
  onConfirm,
}: {
  missing: string | null
  pending: boolean
  onConfirm: () => void
}) {
  return (
    <>
      <Button
        className="w-full"
        size="lg"
        disabled={missing !== null}
        pending={pending}
        aria-describedby={missing ? 'confirm-missing' : undefined}
        onClick={onConfirm}
      >
        Confirmer la commande
      </Button>
      {missing && (
        <p id="confirm-missing" className="text-center text-sm text-stone-700" data-testid="confirm-missing">
          {missing}
        </p>
      )}
    </>
  )
}
