import { MAX_LINE_QUANTITY } from './domain/units'

/**
 * The cart a tap on "Ajouter" made before the page's script ran, or without one
 * (docs/rules/catalogue.md#before-the-script): the form posts to the server, which keeps the line
 * in this cookie and sends the page back with its count in the header; the browser's script, once
 * it runs, moves the lines into the cart it keeps (src/client/lib/cookie-cart.ts) and clears the
 * cookie. Read by both, so written here once: `12-0-1.5_13-3-2` is 1.5 of product 12 without a
 * preparation and 2 of product 13 prepared the 3rd way.
 */
export const CART_COOKIE = 'etal_panier'
/** Where the product cards' and the product page's "Ajouter" post (src/server/web/cart-form.ts). */
export const CART_FORM_PATH = '/panier/ajouter'
/**
 * The header a tap on "Ajouter" carries when the page's early script posted it while the app's
 * code was still loading (src/server/web/early-script.ts): the server then answers JSON (the count,
 * the cart link drawn for it, the message) instead of sending the page back.
 */
export const EARLY_CART_HEADER = 'x-etal-early'
/** Where a line's steppers and "Retirer" post, before the script (src/server/web/cart-form.ts). */
export const CART_QUANTITY_PATH = '/panier/quantite'
/**
 * The empty `<noscript>` a product's card and page draw, and the one the cart page draws: the
 * server fills them from the cookie for a browser without script (src/server/web/no-script-cart.ts).
 */
export const CART_LINE_SLOT = 'data-cart-lines'
export const CART_PAGE_SLOT = 'data-cart-page'
/** Lines the cookie holds at most: a form cannot fill it past a cart's worth. */
export const MAX_COOKIE_LINES = 30
/** Kept a month, as a cart left for later. */
export const CART_COOKIE_MAX_AGE = 30 * 24 * 3600

export type CookieLine = { id: number; preparationId: number | null; quantity: number }

const LINE = /^([1-9]\d{0,9})-(0|[1-9]\d{0,9})-(\d{1,4}(?:\.\d{1,2})?)$/

/** The lines of a cookie's value; anything malformed is left out, never an error. */
export function parseCartCookie(value: string | undefined | null): CookieLine[] {
  if (!value) return []
  const lines: CookieLine[] = []
  for (const part of value.split('_').slice(0, MAX_COOKIE_LINES)) {
    const m = LINE.exec(part)
    if (!m) continue
    const quantity = Number(m[3])
    if (!(quantity > 0 && quantity <= MAX_LINE_QUANTITY)) continue
    const line = { id: Number(m[1]), preparationId: m[2] === '0' ? null : Number(m[2]), quantity }
    if (!lines.some((l) => cookieLineKey(l) === cookieLineKey(line))) lines.push(line)
  }
  return lines
}

export const writeCartCookie = (lines: readonly CookieLine[]) =>
  lines
    .slice(0, MAX_COOKIE_LINES)
    .map((l) => `${l.id}-${l.preparationId ?? 0}-${l.quantity}`)
    .join('_')

/** A line's key, as the cart's (`lineKeyOf`): its product, and its preparation when it has one. */
export const cookieLineKey = (l: { id: number; preparationId?: number | null }) =>
  l.preparationId == null ? String(l.id) : `${l.id}:${l.preparationId}`

/** Adds a line, or raises the quantity of the same product and preparation (at most 1 000). */
export function addCookieLine(lines: readonly CookieLine[], line: CookieLine): CookieLine[] | null {
  const key = cookieLineKey(line)
  if (lines.some((l) => cookieLineKey(l) === key))
    return lines.map((l) =>
      cookieLineKey(l) === key
        ? { ...l, quantity: Math.min(MAX_LINE_QUANTITY, l.quantity + line.quantity) }
        : l,
    )
  return lines.length >= MAX_COOKIE_LINES ? null : [...lines, line]
}

/** Sets a line's quantity; null takes the line out. Null when the cookie has no such line. */
export function setCookieLine(
  lines: readonly CookieLine[],
  key: string,
  quantity: number | null,
): CookieLine[] | null {
  if (!lines.some((l) => cookieLineKey(l) === key)) return null
  return quantity === null
    ? lines.filter((l) => cookieLineKey(l) !== key)
    : lines.map((l) => (cookieLineKey(l) === key ? { ...l, quantity } : l))
}

/** This cookie's value in a `Cookie` header (or `document.cookie`). */
export function cartCookieIn(header: string | undefined): string | undefined {
  if (!header) return undefined
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=')
    if (at > 0 && pair.slice(0, at).trim() === CART_COOKIE) return pair.slice(at + 1).trim()
  }
  return undefined
}
