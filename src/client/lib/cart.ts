import { useSyncExternalStore } from 'react'
import { cartCookieIn, cookieLineKey, parseCartCookie } from '@/shared/cart-cookie'
import type { PreparationOffer } from '@/shared/domain/preparations'

/**
 * A cart line: id is the product id. The same product with two preparations is two lines
 * (docs/rules/orders.md#preparations): a line is known by `lineKeyOf`.
 */
export type CartItem = {
  id: number
  name: string
  imageUrl: string | null
  pricePerUnit: number
  unitType: 'kg' | 'unit'
  quantity: number
  minQuantity?: number
  countryName?: string | null
  /** The preparation picked (none: null or absent), its name and price per unit as offered. */
  preparationId?: number | null
  preparationName?: string | null
  preparationPrice?: number
  /** What the product offered when it was added: the picker's choices until the catalogue answers. */
  preparations?: PreparationOffer[]
}

/** A line's key: its product, and its preparation when it has one ('12', '12:3'). */
export const lineKeyOf = (item: { id: number; preparationId?: number | null }) =>
  item.preparationId == null ? String(item.id) : `${item.id}:${item.preparationId}`

/** The cart lives in local storage under this key and follows other tabs. */
export const CART_KEY = 'etal.shopping-cart'

/**
 * The empty cart, one array for every reader: the server draws a page with it, and a browser whose
 * cart is empty reads the very same array, so that hydration finds nothing changed and draws
 * nothing again (`useSyncExternalStore` compares the two by identity).
 */
const EMPTY: CartItem[] = []

let cache: { raw: string | null; items: CartItem[] } = { raw: null, items: EMPTY }

function read(): CartItem[] {
  let raw: string | null
  try {
    raw = localStorage.getItem(CART_KEY)
  } catch {
    return cache.items
  }
  if (raw === cache.raw) return cache.items
  let items: CartItem[] = EMPTY
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : []
    if (Array.isArray(parsed))
      items = parsed.filter((i) => i && typeof i.id === 'number' && typeof i.quantity === 'number')
  } catch {
    items = EMPTY
  }
  if (items.length === 0) items = EMPTY
  cache = { raw, items }
  return items
}

const listeners = new Set<() => void>()
function emit() {
  for (const l of listeners) l()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => {
    if (e.key === CART_KEY || e.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Replaces the whole cart (every change goes through here). */
export function writeCart(items: CartItem[]) {
  try {
    localStorage.setItem(CART_KEY, JSON.stringify(items))
  } catch {
    // Storage full or disabled: the cart still works for this page.
    cache = { raw: cache.raw, items }
  }
  emit()
}

/** Empties the cart (another account's session, account-data.ts). */
export function clearCart() {
  try {
    localStorage.removeItem(CART_KEY)
  } catch {
    // storage disabled
  }
  cache = { raw: null, items: EMPTY }
  emit()
}

export const getCart = read

export function useCartItems(): CartItem[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY)
}

/** Tells every reader the cart changed where no write of this module did (the cart cookie cleared). */
export const cartChanged = emit

/**
 * The lines of the cart cookie not yet moved into this cart (lib/cookie-cart.ts): what "Ajouter"
 * added through the server before the script ran (docs/rules/catalogue.md#before-the-script).
 */
function cookieKeys(): string[] {
  if (typeof document === 'undefined') return []
  return parseCartCookie(cartCookieIn(document.cookie)).map(cookieLineKey)
}

function countNow(): number {
  const keys = new Set(read().map(lineKeyOf))
  for (const key of cookieKeys()) keys.add(key)
  return keys.size
}

/**
 * The header badge: distinct lines, the cookie's among them. The page as the server sent it
 * counts the cookie's lines alone (src/server/web/cart-count.ts): so does the first draw here,
 * which hydrates it; the cart kept here follows at once.
 */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, countNow, () => cookieKeys().length)
}
