import { MIN_PHOTO_WIDTH, photoUrl } from '@/shared/photos'
import { toast } from '@/client/lib/toast'
import { MAX_LINE_QUANTITY } from '@/shared/domain/units'
import { leastQuantity, lineQuantity } from '@/shared/domain/line-quantity'
import type { SessionUser } from '@/shared/schemas/auth'
import type { PublicProduct } from '@/shared/schemas/storefront'
import { DELIVERY_KEY } from './account-data'
import { getCart, lineKeyOf, writeCart, type CartItem } from './cart'
import { defaultPreparationOf, type PreparationOffer } from '@/shared/domain/preparations'

export { DELIVERY_KEY }

export type DeliveryInfo = {
  countryId: number | null
  cityId: number | null
  zoneId: number | null
  deliveryAddress: string
  deliveryPhone: string
  notes: string
  /** docs/rules/people.md#delivery-addresses: the landmark, second phone and map point typed. */
  landmark: string
  secondPhone: string
  latitude: number | null
  longitude: number | null
  /** A saved address chosen, 'new' for a typed one, null: not chosen yet (the last used is offered). */
  addressId: number | 'new' | null
  /** "Enregistrer cette adresse", under this label. */
  saveAddress: boolean
  saveLabel: string
}

export function readDeliveryInfo(): Partial<DeliveryInfo> {
  try {
    return JSON.parse(localStorage.getItem(DELIVERY_KEY) ?? '{}') as Partial<DeliveryInfo>
  } catch {
    return {}
  }
}
export function saveDeliveryInfo(info: DeliveryInfo) {
  try {
    localStorage.setItem(DELIVERY_KEY, JSON.stringify(info))
  } catch {
    // storage disabled: the form still works for this visit
  }
}

/** The least a line holds, by the one rule of a line's quantity (src/shared/domain/line-quantity.ts). */
export const minQuantityOf = leastQuantity

/** A line's preparation fields: the offer picked, or none. */
export const preparationFields = (offer: PreparationOffer | null) => ({
  preparationId: offer?.id ?? null,
  preparationName: offer?.name ?? null,
  preparationPrice: offer?.price ?? 0,
})

/**
 * A product's cart line, with the preparation picked (docs/rules/orders.md#preparations): left
 * out, the product's default.
 */
export const toCartItem = (
  p: PublicProduct,
  quantity: number,
  offer: PreparationOffer | null = defaultPreparationOf(p.preparations),
): CartItem => ({
  id: p.id,
  name: p.name,
  // The photo's smallest width for the cart's thumbnail (docs/rules/catalogue.md#photos), else the product's own image path (docs/decisions/0033).
  imageUrl: p.photo ? photoUrl(p.photo.key, MIN_PHOTO_WIDTH) : p.imageUrl,
  pricePerUnit: p.pricePerUnit,
  unitType: p.unitType,
  quantity,
  minQuantity: p.minQuantity,
  countryName: p.countryName,
  ...preparationFields(offer),
  preparations: p.preparations,
})

/** Why a product cannot go in this user's cart, or null. */
export function cannotAdd(user: SessionUser | null, product: { countryName?: string | null }): string | null {
  if (!user) return 'Vous devez être connecté pour ajouter des produits au panier'
  if (user.role !== 'client' && user.role !== 'user') return 'Accès non autorisé'
  if (product.countryName && user.country && product.countryName !== user.country) {
    return `Ce produit n'est pas disponible dans votre pays (${user.country})`
  }
  return null
}

/**
 * Adds a line, or raises its quantity when the product is already in the cart with the same
 * preparation (another preparation is another line).
 */
export function addLine(item: CartItem) {
  const cart = getCart()
  const key = lineKeyOf(item)
  const existing = cart.find((i) => lineKeyOf(i) === key)
  const next = existing
    ? cart.map((i) =>
        lineKeyOf(i) === key
          ? { ...item, quantity: Math.min(MAX_LINE_QUANTITY, i.quantity + item.quantity) }
          : i,
      )
    : [...cart, item]
  writeCart(next)
}

/**
 * Another preparation for a line (docs/rules/orders.md#preparations): when the product is already
 * in the cart with that one, the two lines become one.
 */
export function setLinePreparation(key: string, offer: PreparationOffer | null) {
  const cart = getCart()
  const line = cart.find((i) => lineKeyOf(i) === key)
  if (!line) return
  const changed = { ...line, ...preparationFields(offer) }
  const newKey = lineKeyOf(changed)
  if (newKey === key) return
  const twin = cart.find((i) => lineKeyOf(i) === newKey)
  if (!twin) {
    writeCart(cart.map((i) => (lineKeyOf(i) === key ? changed : i)))
    return
  }
  writeCart(
    cart
      .filter((i) => lineKeyOf(i) !== key)
      .map((i) =>
        lineKeyOf(i) === newKey
          ? { ...i, quantity: Math.min(MAX_LINE_QUANTITY, i.quantity + line.quantity) }
          : i,
      ),
  )
}

/**
 * A product a signed-out visitor asked to add: kept in this tab (session storage) while the
 * visitor signs in, then added, or refused with its reason, by PendingCartAdd. Half an hour
 * later it is forgotten: a sign-in long after is not the same intent.
 */
export const PENDING_ADD_KEY = 'etal.pending-cart-add'
const PENDING_ADD_MS = 30 * 60_000

export function rememberPendingAdd(item: CartItem, now = Date.now()) {
  try {
    sessionStorage.setItem(PENDING_ADD_KEY, JSON.stringify({ item, at: now }))
  } catch {
    // storage disabled: the visitor adds it again after signing in
  }
}

/** The product waiting for a sign-in, removed from storage as it is read; null if none or too old. */
export function takePendingAdd(now = Date.now()): CartItem | null {
  let raw: string | null
  try {
    raw = sessionStorage.getItem(PENDING_ADD_KEY)
    if (raw === null) return null
    sessionStorage.removeItem(PENDING_ADD_KEY)
  } catch {
    return null
  }
  try {
    const { item, at } = JSON.parse(raw) as { item?: CartItem; at?: number }
    const valid =
      !!item && typeof item.id === 'number' && typeof item.quantity === 'number' && item.quantity > 0
    return valid && typeof at === 'number' && now - at >= 0 && now - at < PENDING_ADD_MS ? item : null
  } catch {
    return null
  }
}

/**
 * Once someone is signed in, the product it asked for while signed out: added to its cart with
 * the usual message, or dropped with the reason it cannot buy it (another country, staff).
 */
export function settlePendingAdd(user: SessionUser) {
  const item = takePendingAdd()
  if (!item) return
  const refusal = cannotAdd(user, item)
  if (refusal) {
    toast.error(refusal)
    return
  }
  addLine(item)
  toast.success(`${item.name} a été ajouté au panier`)
}

/**
 * Sets a line's quantity; 0, less, or below the minimum removes the line. A line is named by its
 * key (`lineKeyOf`); a product id names its line without a preparation.
 */
export function setLineQuantity(line: string | number, quantity: number) {
  const key = String(line)
  const cart = getCart()
  const found = cart.find((i) => lineKeyOf(i) === key)
  if (!found) return
  // The one rule of a line's quantity (docs/rules/catalogue.md#before-the-script), the forms' too.
  const next = lineQuantity(quantity, found)
  if (next === 'invalid') return
  if (next === 'remove') {
    writeCart(cart.filter((i) => lineKeyOf(i) !== key))
    return
  }
  writeCart(cart.map((i) => (lineKeyOf(i) === key ? { ...i, quantity: next } : i)))
}

export const removeLine = (line: string | number) =>
  writeCart(getCart().filter((i) => lineKeyOf(i) !== String(line)))

/** After a successful order: the cart and the saved delivery info go. */
export function clearCartAfterOrder() {
  writeCart([])
  try {
    localStorage.removeItem(DELIVERY_KEY)
  } catch {
    // nothing saved
  }
}

/** Removes the lines of another country than the user's, with an info toast. */
export function dropOtherCountries(country: string) {
  const cart = getCart()
  const kept = cart.filter((i) => !i.countryName || i.countryName === country)
  const removed = cart.length - kept.length
  if (removed > 0) {
    writeCart(kept)
    toast.info(`${removed} produit(s) retiré(s) du panier car non disponible(s) dans votre pays`)
  }
}
