import { MAX_ORDER_AMOUNT, ORDER_CEILING_MESSAGE } from '@/shared/domain/pricing'
import {
  CITY_NOT_FOUND_MESSAGE,
  COUNTRY_NOT_FOUND_MESSAGE,
  minimumReason,
  slotReason,
  stockReasons,
} from '@/shared/domain/order-readiness'
import type { ProductStock } from '@/shared/domain/stock'
import { isValidQuantityStep } from '@/shared/domain/units'
import { defaultPreparationOf, preparationNotOffered } from '@/shared/domain/preparations'
import { formatQuantity } from '@/shared/format'
import type { SessionUser } from '@/shared/schemas/auth'
import { DUPLICATE_PRODUCT_MESSAGE } from '@/shared/schemas/checkout'
import { ADDRESS_NOT_FOUND, closedReason, MAX_ADDRESSES, TOO_MANY_ADDRESSES } from '@/shared/domain/addresses'
import { badRequest, conflict, HttpError, notFound } from '@/server/http/errors'
import { phoneOrRefuse } from '@/server/services/people/phones'
import type { Account, Context, CreateOrder, LineProduct } from './context'
import type { CheckoutLine } from './pricing'

/*
 * The checkout's checks (docs/rules/orders.md): each a pure function of the input and of what
 * `loadContext` read, throwing the French 4xx that names the field at fault. They run before the
 * write to say why; the write's one statement checks stock, slot and account again and alone
 * decides under a race.
 */

export function field(name: string, message: string) {
  return badRequest(message, { [name]: [message] })
}

/**
 * Country, city and zone of the delivery: all active, nested in each other, the user's own
 * country; typed, or read from a saved address of the user's (docs/rules/people.md#delivery-addresses),
 * whose closed zone or city is refused with the reason the checkout shows. Returns what the order
 * copies: the place, the address, its landmark, second phone and map point.
 */
export function checkDelivery(user: SessionUser, input: CreateOrder, ctx: Context) {
  if (user.countryId == null) throw new HttpError(400, 'COUNTRY_NOT_SET', "Pays de l'utilisateur non défini")
  if (input.fulfilment === 'pickup') return checkPickup(user, input, ctx)
  const { country, city, zone, saved } = ctx
  if (input.addressId != null) {
    if (!saved) throw notFound(ADDRESS_NOT_FOUND)
    const reason =
      country && city && zone
        ? closedReason({
            zoneName: zone.name,
            zoneActive: zone.isActive,
            cityName: city.name,
            cityActive: city.isActive,
            countryActive: country.isActive,
            ownCountry: country.id === user.countryId,
          })
        : ADDRESS_NOT_FOUND
    if (reason) throw field('addressId', reason)
  }
  if (!country || !country.isActive) throw field('deliveryCountry', COUNTRY_NOT_FOUND_MESSAGE)
  if (country.id !== user.countryId)
    throw field('deliveryCountry', 'Vous ne pouvez commander que dans votre pays.')
  if (!city || !city.isActive) throw field('deliveryCity', CITY_NOT_FOUND_MESSAGE)
  if (!zone || !zone.isActive) throw field('zoneId', 'Zone de livraison introuvable ou inactive.')
  if (zone.cityId !== city.id) throw field('zoneId', "La zone choisie n'appartient pas à la ville indiquée.")
  const secondPhone = saved
    ? saved.secondPhone
    : input.deliverySecondPhone &&
      phoneOrRefuse(input.deliverySecondPhone, country.code, 'deliverySecondPhone')
  const point = (v: string | number | null) => (v == null ? null : Number(v))
  return {
    country,
    city,
    zone: zone as PlaceZone,
    shopId: null as number | null,
    phone: phoneOrRefuse(input.deliveryPhone, country.code, 'deliveryPhone'),
    /** The saved address used, marked last used by the write. */
    addressId: saved?.id ?? null,
    address: saved ? saved.address : input.deliveryAddress!,
    landmark: saved ? saved.landmark : input.deliveryLandmark,
    secondPhone,
    latitude: saved ? point(saved.latitude) : input.deliveryLatitude,
    longitude: saved ? point(saved.longitude) : input.deliveryLongitude,
  }
}

/** The zone's terms as the order keeps them; a pickup has none (id null, no fee). */
type PlaceZone = Omit<NonNullable<Context['zone']>, 'id'> & { id: number | null }

export const SHOP_NOT_FOUND = 'Boutique introuvable ou fermée.'
export const SHOP_OTHER_COUNTRY = 'Vous ne pouvez retirer une commande que dans une boutique de votre pays.'
export const SHOP_CITY_CLOSED = 'La ville de cette boutique ne prend plus de commandes.'

/**
 * Collected at a shop (docs/rules/pickup.md#checkout): an active shop of the client's country, in
 * an active city; the order's place is the shop's, with no zone and no delivery fee.
 */
function checkPickup(user: SessionUser, input: CreateOrder, ctx: Context) {
  const { country, city, shop } = ctx
  if (!shop || !shop.isActive) throw field('shopId', SHOP_NOT_FOUND)
  if (shop.countryId !== user.countryId || !country) throw field('shopId', SHOP_OTHER_COUNTRY)
  if (!country.isActive || !city || !city.isActive) throw field('shopId', SHOP_CITY_CLOSED)
  const point = (v: string | number | null) => (v == null ? null : Number(v))
  const zone: PlaceZone = {
    id: null,
    name: shop.name,
    isActive: true,
    cityId: city.id,
    deliveryFee: 0,
    minOrderAmount: null,
    freeDeliveryFrom: null,
  }
  return {
    country,
    city,
    zone,
    shopId: shop.id as number | null,
    phone: phoneOrRefuse(input.deliveryPhone, country.code, 'deliveryPhone'),
    addressId: null,
    address: shop.address,
    landmark: null,
    secondPhone: null,
    latitude: point(shop.latitude),
    longitude: point(shop.longitude),
  }
}

/** The refusal of an address saved past the limit, on the checkout's field. */
export const tooManyAddresses = () => field('saveAddress.label', TOO_MANY_ADDRESSES)

/**
 * "Enregistrer cette adresse": within the limit of saved addresses, as the context read it (the
 * write counts again under the client's row lock: index.ts).
 */
export function checkSaveAddress(input: CreateOrder, ctx: Context) {
  if (input.saveAddress && ctx.addressCount >= MAX_ADDRESSES) throw tooManyAddresses()
}

/** Where the order goes, checked (`checkDelivery`). */
export type Delivery = ReturnType<typeof checkDelivery>

/** Each line's product, checked: orderable, of the user's country, a valid quantity, in stock. */
export function checkLines(user: SessionUser, input: CreateOrder, ctx: Context): CheckoutLine[] {
  const byId = new Map(ctx.products.map((p) => [p.id, p]))
  const lines = input.items.map(({ productId, quantity, preparationId }, i) => {
    const p = byId.get(productId)
    const key = `items.${i}`
    if (!p || !p.isActive || p.archived)
      throw field(`${key}.productId`, `Le produit #${productId} n'est pas disponible.`)
    if (p.countryId !== user.countryId) {
      throw field(`${key}.productId`, `Le produit « ${p.name} » n'est pas disponible dans votre pays.`)
    }
    if (!isValidQuantityStep(quantity, p.unitType)) {
      const rule = p.unitType === 'kg' ? 'un multiple de 0,5 kg' : 'un nombre entier'
      throw field(`${key}.quantity`, `La quantité de « ${p.name} » doit être ${rule}.`)
    }
    if (quantity < Number(p.minQuantity) - 1e-9) {
      throw field(
        `${key}.quantity`,
        `La quantité minimale pour « ${p.name} » est de ${formatQuantity(Number(p.minQuantity), p.unitType)}.`,
      )
    }
    return { product: p, quantity, preparation: checkPreparation(p, preparationId, `${key}.preparationId`) }
  })
  const seen = new Set<string>()
  lines.forEach((l, i) => {
    const line = `${l.product.id}:${l.preparation?.id ?? ''}`
    if (seen.has(line)) throw field(`items.${i}.preparationId`, DUPLICATE_PRODUCT_MESSAGE)
    seen.add(line)
  })
  checkStock(lines)
  return lines
}

/**
 * The line's preparation (docs/rules/orders.md#preparations): one the product offers now, priced
 * as it offers it; none asked, its default (none without a default). Another: 400, naming it.
 */
function checkPreparation(p: LineProduct, preparationId: number | null | undefined, key: string) {
  const offers = p.preparations ?? []
  const offer =
    preparationId == null ? defaultPreparationOf(offers) : offers.find((o) => o.id === preparationId)
  if (!offer) {
    if (preparationId == null) return null
    throw field(key, preparationNotOffered(p.name))
  }
  return { id: offer.id, name: offer.name, price: offer.price }
}

/** Today's stock of a line's product, as the database judged it and the storefront shows it. */
const stockOf = (p: LineProduct): ProductStock => ({
  soldOut: p.soldOut,
  left: p.left == null ? null : Number(p.left),
})

/**
 * No line asks more of a product than is left today, its lines taken together (the shared stock
 * rule, docs/rules/orders.md#order-readiness): else 409, the message naming the product, on the
 * first line of it (the cart marks that line).
 */
export function checkStock(lines: readonly Pick<CheckoutLine, 'product' | 'quantity'>[]) {
  const [first] = stockReasons(
    lines.map(({ product, quantity }) => ({
      productId: product.id,
      name: product.name,
      unitType: product.unitType,
      quantity,
      stock: stockOf(product),
    })),
  )
  if (!first) return
  const { message } = first
  throw new HttpError(409, 'OUT_OF_STOCK', message, { [`items.${first.lines[0]}.quantity`]: [message] })
}

/**
 * The slot rule (docs/rules/delivery.md#delivery-slots), decided by the shared `slotReason`
 * (docs/rules/orders.md#order-readiness) on the slot as it stands now: a city with active slots
 * needs one; the slot is the city's, active, open and not full. Checked here to say why in
 * French; the write checks again in its one statement, which alone decides under a race.
 */
export function checkSlot(input: CreateOrder, ctx: Context, cityId: number, shopId: number | null = null) {
  const slot = ctx.slot
  const reason = slotReason({
    cityHasSlots: ctx.citySlots > 0,
    chosen: input.slot
      ? {
          // docs/rules/pickup.md#collection-slots: a pickup takes its shop's slot, a delivery its city's.
          found: !!slot && slot.isActive && slot.cityId === cityId && slot.shopId === shopId,
          open: !!slot?.open,
          full: !!slot && slot.booked >= slot.capacity,
        }
      : null,
  })
  if (!reason) return
  throw reason.status === 409 ? conflict(reason.message) : field('slot', reason.message)
}

/**
 * The order's amounts, on its subtotal before any discount: the ceiling (docs/rules/api.md#limits),
 * so that every amount then fits, and the zone's minimum (docs/rules/delivery.md#delivery-fees), decided by
 * the shared `minimumReason` (docs/rules/orders.md#order-readiness).
 */
export function checkAmounts(subtotal: number, zone: Delivery['zone']) {
  if (subtotal > MAX_ORDER_AMOUNT) throw field('items', ORDER_CEILING_MESSAGE)
  const belowMinimum = minimumReason(subtotal, zone)
  if (belowMinimum) throw field('items', belowMinimum.message)
}

/** The points asked for are the account's (docs/rules/money.md#points). */
export function checkPoints(pointsToUse: number, account: Account) {
  if (pointsToUse > account.loyaltyPoints)
    throw field('pointsToUse', "Vous n'avez pas assez de points de fidélité.")
}
