import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { cartCookieIn, parseCartCookie } from '@/shared/cart-cookie'
import type { SpaPage } from './pages'

/**
 * A page with the count of the cart cookie in its header (docs/rules/catalogue.md#before-the-script).
 * Every page is drawn with an empty cart (a page is kept and served to everyone alike); a browser
 * whose "Ajouter" posted to the server before its script ran holds the lines in the cart cookie,
 * and gets the page with the cart link drawn for their count instead of the empty one: the same
 * markup the header draws (`cartLink`, the SSR entry's), so that the browser's script, which reads
 * the same cookie while it hydrates (src/client/lib/cart.ts), finds nothing to change. Its own
 * ETag, private: it is this browser's. A page without the empty cart link (staff's, a driver's)
 * is sent as it is. Each variant is compressed once, and kept while its page is.
 */
export function createCartCount(cartLink: (count: number) => string) {
  const empty = cartLink(0)
  const variants = new LRUCache<string, SpaPage>({ max: 200 })

  return function withCartCount(req: FastifyRequest, page: SpaPage): SpaPage {
    const value = cartCookieIn(req.headers.cookie)
    if (!value || page.status !== 200) return page
    const count = parseCartCookie(value).length
    if (count === 0) return page
    const key = `${page.etag} ${count}`
    const kept = variants.get(key)
    if (kept) return kept
    const html = page.body.identity.toString('utf8')
    const at = html.indexOf(empty)
    if (at < 0) return page
    const identity = Buffer.from(html.slice(0, at) + cartLink(count) + html.slice(at + empty.length))
    const variant: SpaPage = {
      ...page,
      perCaller: true,
      etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      body: {
        identity,
        gzip: gzipSync(identity, { level: 6 }),
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      },
    }
    variants.set(key, variant)
    return variant
  }
}
