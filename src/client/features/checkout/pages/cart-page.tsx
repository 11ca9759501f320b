import { ShoppingBag } from 'lucide-react'
import { useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import {
  deliveryTermsOf,
  maxPointsFor,
  minimumOrderMessage,
  NO_DELIVERY_FEE,
  priceOrder,
} from '@/shared/domain/pricing'
import { SLOT_REQUIRED_MESSAGE } from '@/shared/domain/delivery-slots'
import { isShopper } from '@/shared/domain/roles'
import { formatMoney, formatNumber } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Field, Input } from '@/client/components/ui/field'
import { EmptyState } from '@/client/components/ui/query-state'
import { Spinner } from '@/client/components/ui/spinner'
import { ApiError } from '@/client/lib/api'
import { useCartItems } from '@/client/lib/cart'
import { useCatalogue } from '@/client/lib/catalogue'
import {
  clearCartAfterOrder,
  readDeliveryInfo,
  saveDeliveryInfo,
  type DeliveryInfo,
} from '@/client/lib/cart-actions'
import { useClientDashboard } from '@/client/lib/client-dashboard'
import { useCities, useCountries, useZones } from '@/client/lib/reference-data'
import { useSession } from '@/client/lib/session'
import { useCreateOrder } from '../api/use-create-order'
import { CartLines } from '../components/cart-lines'
import { DeliveryForm } from '../components/delivery-form'
import { newIdempotencyKey } from '../lib/idempotency'
import { lineIssues, refusalsOf, type Refusal } from '../lib/stock-issues'
import { AmountLines } from '../components/order-summary'
import { useAvailableSlots } from '../api/use-slots'
import { SlotPicker, type SlotPick } from '../components/slot-picker'

/** /cart: lines, summary, delivery cascade, points, 'Confirmer la commande'. */
export default function CartPage() {
  const { user } = useSession()
  const items = useCartItems()
  const countries = useCountries()
  const pointValue = useClientDashboard((d) => d.pointValueInCfa).data ?? 1
  const createOrder = useCreateOrder()
  const navigate = useNavigate()
  const attemptKey = useRef<string | null>(null)
  const [delivery, setDelivery] = useState<DeliveryInfo>(() => {
    const stored = readDeliveryInfo()
    // A client orders only in its own country (the server refuses another): a saved choice of
    // another country is dropped.
    const sameCountry = !user?.countryId || !stored.countryId || stored.countryId === user.countryId
    const saved = sameCountry ? stored : { ...stored, countryId: undefined }
    return {
      countryId: saved.countryId ?? user?.countryId ?? null,
      cityId: saved.countryId ? (saved.cityId ?? null) : null,
      zoneId: saved.countryId ? (saved.zoneId ?? null) : null,
      deliveryAddress: saved.deliveryAddress ?? '',
      deliveryPhone: saved.deliveryPhone ?? user?.phoneNumber ?? '',
      notes: saved.notes ?? '',
    }
  })
  const cities = useCities(delivery.countryId === null ? null : { countryId: delivery.countryId })
  const [points, setPoints] = useState(0)
  // Lines sold out or short today (docs/rules.md#stock): from the catalogue, and from the
  // server's refusal of the last checkout.
  const catalogue = useCatalogue().products
  const [refused, setRefused] = useState<Refusal[]>([])
  const issues = lineIssues(items, catalogue.data, refused)
  const onDelivery = (next: DeliveryInfo) => {
    setDelivery(next)
    saveDeliveryInfo(next)
  }

  // The zone's delivery terms, so the fee and the minimum show before ordering
  // (docs/rules.md#delivery-fees); the server prices the order with the same rule.
  const zones = useZones(delivery.cityId)
  const zone = zones.data?.find((z) => z.id === delivery.zoneId) ?? null
  const lines = items.map((i) => ({ unitPrice: i.pricePerUnit, quantity: i.quantity }))
  const base = priceOrder(lines, user?.customDiscountPercent ?? null)
  const maxPoints = Math.min(
    user?.loyaltyPoints ?? 0,
    maxPointsFor(base.subtotal, base.discountAmount, pointValue),
  )
  const pointsToUse = Math.min(points, maxPoints)
  const price = priceOrder(
    lines,
    user?.customDiscountPercent ?? null,
    pointsToUse,
    pointValue,
    zone ? deliveryTermsOf(zone) : NO_DELIVERY_FEE,
  )
  const belowMinimum =
    zone?.minOrderAmount != null && price.subtotal < zone.minOrderAmount
      ? minimumOrderMessage(zone.name, formatMoney(zone.minOrderAmount))
      : null
  const deliveryNote =
    zone && price.deliveryFee > 0 && zone.freeDeliveryFrom != null
      ? `Livraison offerte dès ${formatMoney(zone.freeDeliveryFrom)} d’achats.`
      : null

  // The delivery slot (docs/rules.md#delivery-slots): the first with places is picked until the
  // client picks another; a city without slots takes orders without one.
  const slots = useAvailableSlots(delivery.cityId, !!user && isShopper(user.role))
  const [picked, setPicked] = useState<SlotPick | null>(null)
  const offered = slots.data?.slots ?? []
  const slot =
    offered.find((s) => s.slotId === picked?.id && s.date === picked.date && s.remaining > 0) ??
    offered.find((s) => s.remaining > 0) ??
    null
  const slotChoice = slot ? { id: slot.slotId, date: slot.date } : null
  const needsSlot = offered.length > 0

  // What the order still needs, said beside the disabled button: the first thing missing.
  const missing =
    issues.size > 0
      ? 'Retirez ou réduisez les articles signalés pour confirmer.'
      : delivery.countryId === null
        ? 'Choisissez un pays pour confirmer.'
        : delivery.cityId === null
          ? 'Choisissez une ville pour confirmer.'
          : delivery.zoneId === null
            ? 'Choisissez une zone pour confirmer.'
            : belowMinimum
              ? belowMinimum
              : needsSlot && !slotChoice
                ? SLOT_REQUIRED_MESSAGE
                : !delivery.deliveryAddress.trim()
                  ? 'Saisissez votre adresse de livraison pour confirmer.'
                  : !delivery.deliveryPhone.trim()
                    ? 'Saisissez votre numéro de téléphone pour confirmer.'
                    : !user
                      ? 'Connectez-vous pour confirmer.'
                      : null
  const ready = missing === null && items.length > 0

  const submit = async () => {
    const country = countries.data?.find((c) => c.id === delivery.countryId)
    const city = cities.data?.find((c) => c.id === delivery.cityId)
    const refusal =
      delivery.countryId === null
        ? 'Veuillez sélectionner un pays'
        : delivery.cityId === null
          ? 'Veuillez sélectionner une ville'
          : delivery.zoneId === null
            ? 'Veuillez sélectionner une zone'
            : !delivery.deliveryAddress.trim()
              ? 'Veuillez saisir votre adresse de livraison'
              : !delivery.deliveryPhone.trim()
                ? 'Veuillez saisir votre numéro de téléphone'
                : !user
                  ? 'Vous devez être connecté pour passer commande'
                  : !country
                    ? 'Pays sélectionné introuvable'
                    : !city
                      ? 'Ville sélectionnée introuvable'
                      : null
    if (refusal || !country || !city || delivery.zoneId === null) {
      toast.error(refusal ?? 'Erreur lors de la création de la commande')
      return
    }
    // One key per attempt: a retry after a lost answer sends the same key, so no second order.
    attemptKey.current ??= newIdempotencyKey()
    const sent = items.map((i) => ({ productId: i.id, quantity: i.quantity }))
    try {
      const { order } = await createOrder.mutateAsync({
        idempotencyKey: attemptKey.current,
        input: {
          items: sent,
          deliveryAddress: delivery.deliveryAddress.trim(),
          deliveryCity: city.name,
          deliveryCountry: country.name,
          deliveryPhone: delivery.deliveryPhone.trim(),
          zoneId: delivery.zoneId,
          pointsToUse,
          notes: delivery.notes.trim() || undefined,
          slot: slotChoice,
        },
      })
      attemptKey.current = null
      toast.success('Votre commande a été créée avec succès !')
      navigate(`/order-confirmation/${order.id}`, { state: { justPlaced: true } })
      clearCartAfterOrder()
    } catch (e) {
      // The server refused this attempt: the next one is a new attempt, with a new key.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) attemptKey.current = null
      // A product ran out meanwhile: its line says so (the catalogue is read again, too).
      if (e instanceof ApiError && e.code === 'OUT_OF_STOCK') setRefused(refusalsOf(e.fieldErrors, sent))
      // A slot taken meanwhile: show the places as they are now.
      if (e instanceof ApiError && e.status === 409) void slots.refetch()
      toast.error(e instanceof Error && e.message ? e.message : 'Erreur lors de la création de la commande')
    }
  }

  if (items.length === 0) {
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

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-stone-900">Mon panier</h1>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <CartLines items={items} issues={issues} />
          <Card>
            <CardHeader>
              <CardTitle>Livraison</CardTitle>
            </CardHeader>
            <CardContent>
              <DeliveryForm
                value={delivery}
                onChange={onDelivery}
                countries={
                  user?.countryId ? countries.data?.filter((c) => c.id === user.countryId) : countries.data
                }
                countriesError={countries.isError}
              />
              {zone && (
                <p className="mt-3 text-sm text-stone-700" data-testid="zone-terms">
                  {zone.deliveryFee > 0
                    ? `Livraison dans la zone ${zone.name} : ${formatMoney(zone.deliveryFee)}`
                    : `Livraison offerte dans la zone ${zone.name}`}
                  {zone.freeDeliveryFrom != null && zone.deliveryFee > 0
                    ? `, offerte dès ${formatMoney(zone.freeDeliveryFrom)}`
                    : ''}
                  {zone.minOrderAmount != null ? ` · minimum ${formatMoney(zone.minOrderAmount)}` : ''}.
                </p>
              )}
              {needsSlot && (
                <div className="mt-4">
                  <SlotPicker
                    slots={offered}
                    timeZone={slots.data!.timeZone}
                    value={slotChoice}
                    onChange={setPicked}
                  />
                </div>
              )}
            </CardContent>
          </Card>
        </div>
        <Card className="h-fit lg:sticky lg:top-20">
          <CardHeader>
            <CardTitle>Récapitulatif</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {(user?.loyaltyPoints ?? 0) > 0 && (
              <Field
                label="Points de fidélité à utiliser"
                htmlFor="pointsToUse"
                hint={
                  <span data-testid="loyalty-hint">{`Vous avez ${formatNumber(user!.loyaltyPoints)} points (1 point = ${formatMoney(pointValue)}), ${formatNumber(maxPoints)} utilisables sur cette commande.`}</span>
                }
              >
                <Input
                  id="pointsToUse"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={maxPoints}
                  step={1}
                  value={points}
                  onChange={(e) =>
                    setPoints(Math.max(0, Math.min(maxPoints, Math.trunc(Number(e.target.value) || 0))))
                  }
                />
              </Field>
            )}
            <AmountLines
              price={{ ...price, deliveryFee: zone ? price.deliveryFee : null }}
              discountPercent={user?.customDiscountPercent}
              deliveryNote={deliveryNote}
            />
            <p className="text-xs text-stone-500">
              Paiement à la livraison. Le montant final est calculé à la validation.
            </p>
            <Button
              className="w-full"
              size="lg"
              disabled={!ready || createOrder.isPending}
              aria-describedby={missing ? 'confirm-missing' : undefined}
              onClick={() => void submit()}
            >
              {createOrder.isPending && <Spinner className="h-4 w-4 text-white" />}
              Confirmer la commande
            </Button>
            {missing && (
              <p
                id="confirm-missing"
                className="text-center text-sm text-stone-700"
                data-testid="confirm-missing"
              >
                {missing}
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
