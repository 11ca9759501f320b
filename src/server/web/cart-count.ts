import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import {
  CART_LINE_SLOT,
  CART_PAGE_SLOT,
  cartCookieIn,
  parseCartCookie,
  writeCartCookie,
} from '@/shared/cart-cookie'
import type { Executor } from '../db/client'
import { cartProducts, fillCartSlots, hasCartSlots } from './no-script-cart'
import type { SpaPage } from './pages'

/**
 * A page with the cart cookie's lines in it (docs/rules/catalogue.md#before-the-script). Every
 * page is drawn with an empty cart (a page is kept and served to everyone alike); a browser
 * whose forms posted to the server before its script ran holds the lines in the cart cookie, and
 * gets the page with the cart link drawn for their count instead of the empty one: the same
 * markup the header draws (`cartLink`, the SSR entry's), so that the browser's script, which reads
 * the same cookie while it hydrates (src/client/lib/cart.ts), finds nothing to change; and with
 * the `<noscript>` slots of its cards and of the cart page filled with the lines' steppers
 * (web/no-script-cart.ts), which a browser with a script never shows. Its own ETag, private: it
 * is this browser's. The cart page without the cookie gets its empty cart, the same for everyone.
 * A page without the empty cart link and without slots (staff's, a driver's) is sent as it is.
 * Each variant is compressed once, and kept a little while (the products' stock moves).
 */
const CART_PAGE_MARK = `<noscript ${CART_PAGE_SLOT}=`
const LINE_MARK = `<noscript ${CART_LINE_SLOT}=`

export function createCartCount(cartLink: (count: number) => string, db: Executor) {
  const empty = cartLink(0)
  const variants = new LRUCache<string, Promise<SpaPage>>({ max: 200, ttl: 30_000 })

  async function variantOf(page: SpaPage, value: string, back: string): Promise<SpaPage> {
    const lines = parseCartCookie(value)
    let html = page.body.identity.toString('utf8')
    if (lines.length > 0) {
      const at = html.indexOf(empty)
      if (at >= 0) html = html.slice(0, at) + cartLink(lines.length) + html.slice(at + empty.length)
    }
    if (hasCartSlots(html)) html = fillCartSlots(html, lines, await cartProducts(db, lines), back)
    const identity = Buffer.from(html)
    return {
      ...page,
      ...(lines.length > 0 && { perCaller: true as const }),
      etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      body: {
        identity,
        gzip: gzipSync(identity, { level: 6 }),
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      },
    }
  }

  return async function withCartCount(req: FastifyRequest, page: SpaPage): Promise<SpaPage> {
    if (page.status !== 200) return page
    const value = writeCartCookie(parseCartCookie(cartCookieIn(req.headers.cookie)))
    const html = page.body.identity
    // Without lines, only the cart page changes (its empty cart); with them, a page with the
    // cart link or a slot. Else the page everyone gets.
    if (!value ? !html.includes(CART_PAGE_MARK) : !html.includes(empty) && !html.includes(LINE_MARK))
      return page
    // The page's own path (its query aside): where the steppers of its cards come back to.
    const back = req.url.split(/[?#]/)[0] ?? '/products'
    const key = `${page.etag} ${back} ${value}`
    const kept = variants.get(key)
    if (kept) return kept
    const made = variantOf(page, value, back)
    variants.set(key, made)
    made.catch(() => variants.delete(key))
    return made
  }
}
