import { useCallback, useRef, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from '@/client/lib/toast'
import { isShopper } from '@/shared/domain/roles'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { ApiError } from '@/client/lib/api'
import { useCartItems } from '@/client/lib/cart'
import { useProductsByIds } from '@/client/lib/products-by-ids'
import { clearCartAfterOrder, saveDeliveryInfo } from '@/client/lib/cart-actions'
import { useClientDashboard } from '@/client/lib/client-dashboard'
import { useCities, useCountries, useZones } from '@/client/lib/reference-data'
import { useSession } from '@/client/lib/session'
import { useAddresses } from '@/client/lib/addresses'
import { Skeleton } from '@/client/components/ui/skeleton'
import { useCreateOrder } from '../api/use-create-order'
import { useStartPayment } from '../api/use-payments'
import { PaymentChoice, type PaymentChoiceValue } from '../components/payment-choice'
import { payNow } from '@/shared/domain/payable'
import { slotChoiceOf, useAvailableSlots } from '../api/use-slots'
import { CartLines } from '../components/cart-lines'
import { ConfirmOrder, EmptyCart, PointsField, ZoneTerms } from '../components/cart-parts'
import { DeliveryForm } from '../components/delivery-form'
import { SavedAddresses } from '../components/saved-addresses'
import { resolveAddressChoice } from '../lib/address-choice'
import { SaveAddressFields } from '../components/save-address-fields'
import { WeighNote } from '../components/weigh-note'
import { AmountLines } from '../components/order-summary'
import { CouponField } from '../components/coupon-field'
import { CreditChoice } from '../components/credit-choice'
import { SlotPicker } from '../components/slot-picker'
import { cartEstimate, cartFormDefaults, type CartForm } from '../lib/cart-form'
import { cartReadiness, checkoutBlocker } from '../lib/checkout-blocker'
import { CITY_NOT_FOUND_MESSAGE, COUNTRY_NOT_FOUND_MESSAGE } from '@/shared/domain/order-readiness'
import { newIdempotencyKey } from '../lib/idempotency'
import type { Fulfilment } from '@/shared/domain/pickup'
import { useCityShops } from '../api/use-shops'
import { FulfilmentChoice, PickupForm } from '../components/pickup-choice'
import { lineIssues, refusalsOf, type Refusal } from '../lib/stock-issues'

/** /cart: lines, summary, delivery cascade, points, slot, 'Confirmer la commande'. */
export default function CartPage() {
  const { user } = useSession()
  const items = useCartItems()
  const countries = useCountries()
  const pointValue = useClientDashboard((d) => d.pointValueInCfa).data ?? 1
  // docs/rules/store-credit.md#spending: the store credit is spent first, unless the client keeps it.
  const creditBalance = useClientDashboard((d) => d.creditBalance).data ?? 0
  const [spendCredit, setSpendCredit] = useState(true)
  const createOrder = useCreateOrder()
  const navigate = useNavigate()
  const attemptKey = useRef<string | null>(null)
  const form = useForm<CartForm>({ defaultValues: cartFormDefaults(user) })
  const [delivery, points, picked] = useWatch({
    control: form.control,
    name: ['delivery', 'pointsToUse', 'slot'],
  })
  // docs/rules/people.md#delivery-addresses: the saved addresses first, the last used preselected.
  const shopper = !!user && isShopper(user.role)
  const addresses = useAddresses(shopper)
  const saved = shopper && !addresses.isError ? addresses.data?.addresses : []
  const choice = resolveAddressChoice(delivery.addressId, saved)
  const chosen = typeof choice === 'number' ? (saved?.find((a) => a.id === choice) ?? null) : null
  // Where the order goes: the saved address's place, or the one typed.
  const place = chosen
    ? {
        countryId: chosen.countryId,
        cityId: chosen.cityId,
        zoneId: chosen.zoneId,
        deliveryAddress: chosen.address,
      }
    : delivery
  const cities = useCities(delivery.countryId === null ? null : { countryId: delivery.countryId })
  // payments (docs/rules/money.md#payments): cash at the door, or a wallet of the country.
  const [payment, setPayment] = useState<PaymentChoiceValue>({ method: 'cash', wallet: null })
  const startPayment = useStartPayment()
  // Lines sold out or short today (docs/rules/catalogue.md#stock): from the catalogue's answer for the
  // cart's own products (whatever pages of it were seen), and from the server's refusal of the
  // last checkout.
  const inCatalogue = useProductsByIds(
    null,
    items.map((i) => i.id),
  )
  const [refused, setRefused] = useState<Refusal[]>([])
  const issues = lineIssues(items, inCatalogue.data, refused)
  // docs/rules/orders.md#preparations: each line's choices as the catalogue offers them now.
  const offers = new Map(inCatalogue.data?.map((p) => [p.id, p.preparations]))

  // The zone's delivery terms, so the fee and the minimum show before ordering
  // (docs/rules/delivery.md#delivery-fees); the server prices the order with the same rule.
  const zones = useZones(place.cityId)
  const deliveryZone = zones.data?.find((z) => z.id === place.zoneId) ?? null
  // docs/rules/pickup.md#checkout: where the city has an active shop, "Retrait à la boutique",
  // without a delivery fee, at the shop picked (the first until then).
  const [fulfilment, setFulfilment] = useState<Fulfilment>('delivery')
  const [shopId, setShopId] = useState<number | null>(null)
  const shopsHere = useCityShops(place.cityId, shopper).data ?? []
  const shop =
    fulfilment === 'pickup' ? (shopsHere.find((s) => s.id === shopId) ?? shopsHere[0] ?? null) : null
  const zone = shop
    ? { name: shop.name, deliveryFee: 0, freeDeliveryFrom: null, minOrderAmount: null }
    : deliveryZone
  // docs/rules/commerce.md#coupons: the code applied, and what the server says it gives now.
  const [couponCode, setCouponCode] = useState<string | null>(null)
  const [coupon, setCoupon] = useState<{ discount: number; code: string | null }>({ discount: 0, code: null })
  const onCouponDiscount = useCallback(
    (discount: number, code: string | null) =>
      setCoupon((c) => (c.discount === discount && c.code === code ? c : { discount, code })),
    [],
  )
  const estimate = cartEstimate({ items, user, zone, points, pointValue, couponDiscount: coupon.discount })
  const { price, maxPoints, pointsToUse } = estimate
  const creditUsed = spendCredit ? Math.min(creditBalance, price.total) : 0

  // The delivery slot (docs/rules/delivery.md#delivery-slots): the first with places is picked until the
  // client picks another; a city without slots takes orders without one.
  const slots = useAvailableSlots(place.cityId, shopper, shop?.id ?? null)
  const offered = slots.data?.slots ?? []
  const slotChoice = slotChoiceOf(offered, picked)

  // What the order still needs, said beside the disabled button: the first thing missing. Stock,
  // minimum and slot by the rules the server applies (docs/rules/orders.md#order-readiness).
  const saving = choice === 'new' && delivery.saveAddress
  const missing = checkoutBlocker({
    ...cartReadiness({ lineIssues: issues.size, subtotal: price.subtotal, zone, offered, slot: slotChoice }),
    ...delivery,
    ...place,
    signedIn: !!user,
    addressesLoading: choice === null,
    saveLabelMissing: saving && !delivery.saveLabel.trim(),
    // A pickup's place is its shop's.
    ...(shop && {
      zoneId: shop.id,
      deliveryAddress: shop.address,
      addressesLoading: false,
      saveLabelMissing: false,
    }),
  })

  const submit = async () => {
    const country = countries.data?.find((c) => c.id === delivery.countryId)
    const city = cities.data?.find((c) => c.id === delivery.cityId)
    const refusal =
      missing ??
      (chosen ? null : !country ? COUNTRY_NOT_FOUND_MESSAGE : !city ? CITY_NOT_FOUND_MESSAGE : null)
    if (!shop && (refusal || (!chosen && (!country || !city || delivery.zoneId === null)))) {
      toast.error(refusal ?? 'Erreur lors de la création de la commande')
      return
    }
    // A saved address: the server reads its place; else the place typed, saved if asked.
    if (shop && missing) {
      toast.error(missing)
      return
    }
    const where = shop
      ? { fulfilment: 'pickup' as const, shopId: shop.id }
      : chosen
        ? { addressId: chosen.id }
        : {
            deliveryAddress: delivery.deliveryAddress.trim(),
            deliveryCity: city!.name,
            deliveryCountry: country!.name,
            zoneId: delivery.zoneId!,
            // What was left empty is not sent.
            deliveryLandmark: delivery.landmark.trim() || undefined,
            deliverySecondPhone: delivery.secondPhone.trim() || undefined,
            deliveryLatitude: delivery.latitude ?? undefined,
            deliveryLongitude: delivery.longitude ?? undefined,
            saveAddress: saving ? { label: delivery.saveLabel.trim() } : undefined,
          }
    // One key per attempt: a retry after a lost answer sends the same key, so no second order.
    attemptKey.current ??= newIdempotencyKey()
    const sent = items.map((i) => ({
      productId: i.id,
      quantity: i.quantity,
      ...(i.preparationId != null && { preparationId: i.preparationId }),
    }))
    try {
      const { order } = await createOrder.mutateAsync({
        idempotencyKey: attemptKey.current,
        input: {
          items: sent,
          ...where,
          deliveryPhone: delivery.deliveryPhone.trim(),
          pointsToUse,
          notes: delivery.notes.trim() || undefined,
          slot: slotChoice,
          paymentMethod: payment.method,
          paymentWallet: payment.wallet,
          couponCode: coupon.code ?? undefined,
          useCredit: spendCredit,
        },
      })
      attemptKey.current = null
      toast.success('Votre commande a été créée avec succès !')
      navigate(`/order-confirmation/${order.id}`, { state: { justPlaced: true } })
      clearCartAfterOrder()
      // payments (docs/rules/money.md#payments): an order of pieces is paid at once; one with kg lines once weighed.
      if (payNow(order).open && payment.wallet)
        startPayment.mutate({ orderId: order.id, wallet: payment.wallet })
    } catch (e) {
      // The server refused this attempt: the next one is a new attempt, with a new key.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) attemptKey.current = null
      // A product ran out meanwhile: its line says so (the catalogue is read again, too).
      if (e instanceof ApiError && e.code === 'OUT_OF_STOCK') setRefused(refusalsOf(e.fieldErrors, sent))
      // The code does not apply any more (its budget spent meanwhile): said on its field, the
      // order can be placed without it.
      if (e instanceof ApiError && e.code === 'COUPON_REFUSED') {
        form.setError('couponCode', { message: e.message })
        setCouponCode(null)
      }
      // A slot taken meanwhile: show the places as they are now.
      if (e instanceof ApiError && e.status === 409) void slots.refetch()
      toast.error(e instanceof Error && e.message ? e.message : 'Erreur lors de la création de la commande')
    }
  }

  if (items.length === 0) return <EmptyCart />

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-stone-900">Mon panier</h1>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <CartLines items={items} issues={issues} offers={offers} />
          <Card>
            <CardHeader>
              <CardTitle>{shop ? 'Retrait à la boutique' : 'Livraison'}</CardTitle>
            </CardHeader>
            <CardContent>
              {shopsHere.length > 0 && <FulfilmentChoice value={fulfilment} onChange={setFulfilment} />}
              {shop ? (
                <PickupForm
                  shops={shopsHere}
                  shopId={shop.id}
                  onShop={setShopId}
                  phone={delivery.deliveryPhone}
                  notes={delivery.notes}
                  onContact={(patch) => {
                    form.setValue('delivery', { ...delivery, ...patch })
                    saveDeliveryInfo({ ...delivery, ...patch })
                  }}
                />
              ) : (
                <Controller
                  control={form.control}
                  name="delivery"
                  render={({ field }) => {
                    const change = (next: typeof field.value) => {
                      field.onChange(next)
                      saveDeliveryInfo(next)
                    }
                    if (choice === null) return <Skeleton className="h-32 w-full" />
                    return (
                      <div className="space-y-4">
                        {saved && saved.length > 0 && (
                          <SavedAddresses
                            addresses={saved}
                            value={choice}
                            onChange={(addressId) => change({ ...field.value, addressId })}
                          />
                        )}
                        <DeliveryForm
                          value={field.value}
                          onChange={change}
                          savedPlace={chosen !== null}
                          countries={
                            user?.countryId
                              ? countries.data?.filter((c) => c.id === user.countryId)
                              : countries.data
                          }
                          countriesError={countries.isError}
                        />
                        {choice === 'new' && shopper && (
                          <SaveAddressFields
                            value={field.value}
                            onChange={change}
                            full={(saved?.length ?? 0) >= (addresses.data?.max ?? Infinity)}
                          />
                        )}
                      </div>
                    )
                  }}
                />
              )}
              {deliveryZone && !shop && <ZoneTerms zone={deliveryZone} />}
              {offered.length > 0 && (
                <div className="mt-4">
                  <SlotPicker
                    legend={shop ? 'Créneau de retrait' : undefined}
                    slots={offered}
                    timeZone={slots.data!.timeZone}
                    value={slotChoice}
                    onChange={(v) => form.setValue('slot', v)}
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
              <Controller
                control={form.control}
                name="pointsToUse"
                render={({ field }) => (
                  <PointsField
                    balance={user!.loyaltyPoints}
                    pointValue={pointValue}
                    max={maxPoints}
                    value={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
            )}
            {shopper && (
              <CouponField
                form={form}
                applied={couponCode}
                subtotal={price.subtotal}
                onApply={setCouponCode}
                onDiscount={onCouponDiscount}
              />
            )}
            {shopper && creditBalance > 0 && (
              <CreditChoice balance={creditBalance} checked={spendCredit} onChange={setSpendCredit} />
            )}
            <AmountLines
              creditUsed={creditUsed}
              price={{ ...price, deliveryFee: zone ? price.deliveryFee : null }}
              discountPercent={user?.customDiscountPercent}
              couponCode={coupon.code}
              deliveryNote={estimate.deliveryNote}
              deliveryLabel={shop ? 'Retrait à la boutique' : undefined}
            />
            <WeighNote countryId={place.countryId} hasKg={items.some((i) => i.unitType === 'kg')} />
            <PaymentChoice
              value={payment}
              onChange={setPayment}
              cashLabel={shop ? 'Au retrait (espèces ou mobile money)' : undefined}
            />
            <p className="text-xs text-stone-500">
              {payment.method === 'cash'
                ? shop
                  ? 'Paiement au retrait, en espèces ou par mobile money.'
                  : 'Paiement à la livraison.'
                : 'Paiement par mobile money après la commande (les articles au kilo une fois pesés).'}{' '}
              Le montant final est calculé à la validation.
            </p>
            <ConfirmOrder
              missing={missing}
              pending={createOrder.isPending}
              onConfirm={() => void form.handleSubmit(submit)()}
            />
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
