import rateLimit, { type FastifyRateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  addCookieLine,
  CART_COOKIE,
  CART_COOKIE_MAX_AGE,
  CART_FORM_PATH,
  CART_QUANTITY_PATH,
  EARLY_CART_HEADER,
  cartCookieIn,
  cookieLineKey,
  parseCartCookie,
  setCookieLine,
  writeCartCookie,
  type CookieLine,
} from '@/shared/cart-cookie'
import { lineQuantity } from '@/shared/domain/line-quantity'
import { isShopper } from '@/shared/domain/roles'
import { MAX_LINE_QUANTITY } from '@/shared/domain/units'
import type { ProductsPage } from '@/shared/schemas/storefront'
import type { AppDeps } from '../http/define-endpoint'
import { currentUser } from '../http/auth-context'
import { perMinute } from '../http/rate-limits'
import { escapeHtml } from './document'
import { catalogueText } from '../services/catalogue/storefront'

/** The page the form came from: a path of this site only (never `//elsewhere` nor a URL). */
function backOf(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 500
    ? value
    : '/products'
}

/** Posted by the page's early script rather than by the browser itself (web/early-script.ts). */
const isEarly = (req: FastifyRequest) => req.headers[EARLY_CART_HEADER] === '1'

/** A refusal as a page (the form was posted without script): a 400 in French, with the way back. */
function refuse(
  req: FastifyRequest,
  reply: FastifyReply,
  status: 400 | 403,
  message: string,
  back: string,
  title = 'Produit non ajouté',
) {
  // Posted by the page's early script (web/early-script.ts): the message alone, said in the page.
  if (isEarly(req)) return reply.status(status).header('cache-control', 'no-store').send({ error: message })
  const html =
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${title} · Étal</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem">` +
    `<h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">Revenir à la page</a></p></body></html>`
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
}

/**
 * `POST /panier/ajouter`, the form behind each "Ajouter" (product cards and the product page): a
 * tap before the page's script runs, or with none, adds the line to the cart cookie
 * (src/shared/cart-cookie.ts) and sends the browser back to its page (303), whose header then
 * counts it; once the script runs it takes the same form over without a reload and moves the
 * cookie's lines into the browser's cart. Only this route reads a form: elsewhere the API takes
 * JSON alone. A form posted from another site is refused (its Sec-Fetch-Site, or its Origin).
 */
export async function registerCartForm(app: FastifyInstance, deps: AppDeps, limits: FastifyRateLimitOptions) {
  await app.register(async (scope) => {
    // The API's budget per client IP: each post reads the product.
    await scope.register(rateLimit, { ...limits, global: false })
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 2048 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    const config = { rateLimit: perMinute(deps.config.API_RATE_PER_MINUTE) }
    scope.post(CART_FORM_PATH, { schema: { hide: true }, config }, (req, reply) =>
      addFromForm(deps, req, reply),
    )
    scope.post(CART_QUANTITY_PATH, { schema: { hide: true }, config }, (req, reply) =>
      setFromForm(deps, req, reply),
    )
  })
}

const formOf = (req: FastifyRequest) =>
  (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>

/** A form posted from another site (its Sec-Fetch-Site, or its Origin). */
function fromElsewhere(req: FastifyRequest) {
  const site = req.headers['sec-fetch-site']
  const origin = req.headers.origin
  if (site === 'cross-site') return true
  if (!origin || origin === 'null') return false
  try {
    return new URL(origin).host !== req.headers.host
  } catch {
    return true
  }
}

const validId = (id: number) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647

/** The product as the catalogue sells it now (its stock, its preparations), or undefined. */
async function productOf(deps: AppDeps, id: number) {
  const page = JSON.parse((await catalogueText(deps.database.db, { ids: [id] })).text) as {
    json: ProductsPage
  }
  return page.json.products[0]
}

/** The cart cookie written (src/shared/cart-cookie.ts), or cleared when it holds no line. */
function setCart(deps: AppDeps, reply: FastifyReply, lines: readonly CookieLine[]) {
  // Read by the page's script (it moves the lines into its cart), so not HttpOnly; Lax, as the session's.
  reply.setCookie(CART_COOKIE, writeCartCookie(lines), {
    path: '/',
    sameSite: 'lax',
    secure: deps.config.NODE_ENV === 'production',
    maxAge: lines.length === 0 ? 0 : CART_COOKIE_MAX_AGE,
  })
}

async function addFromForm(deps: AppDeps, req: FastifyRequest, reply: FastifyReply) {
  const form = formOf(req)
  const back = backOf(form.back)
  if (fromElsewhere(req))
    return refuse(req, reply, 403, 'Ce formulaire doit être envoyé depuis Étal.', '/products')

  const id = Number(form.product)
  const quantity = Number(form.quantity)
  // The picker's choice; '' is "Sans préparation"; absent (a product without one), its default.
  const preparation =
    form.preparation === undefined ? undefined : form.preparation === '' ? null : Number(form.preparation)
  if (!validId(id)) return refuse(req, reply, 400, 'Produit invalide.', back)
  const user = await currentUser(req, reply, deps.database.db, deps.config)
  if (user && !isShopper(user.role)) return refuse(req, reply, 403, 'Commande réservée aux clients.', back)
  const product = await productOf(deps, id)
  if (!product) return refuse(req, reply, 400, 'Ce produit n’est plus en vente.', back)
  if (user?.country && product.countryName !== user.country)
    return refuse(req, reply, 400, `Ce produit n'est pas disponible dans votre pays (${user.country})`, back)
  if (product.stock.soldOut)
    return refuse(req, reply, 400, `${product.name} est épuisé pour le moment.`, back)
  // The one rule of a line's quantity (src/shared/domain/line-quantity.ts): none taken out here.
  if (typeof lineQuantity(quantity, product) !== 'number')
    return refuse(req, reply, 400, `Quantité invalide pour ${product.name}.`, back)
  if (
    preparation != null &&
    (!Number.isInteger(preparation) || !product.preparations.some((o) => o.id === preparation))
  )
    return refuse(req, reply, 400, `Cette préparation n’est pas proposée pour ${product.name}.`, back)
  const chosen =
    preparation === undefined ? (product.preparations.find((o) => o.isDefault)?.id ?? null) : preparation

  const lines = addCookieLine(parseCartCookie(cartCookieIn(req.headers.cookie)), {
    id,
    preparationId: chosen,
    quantity,
  })
  if (!lines) return refuse(req, reply, 400, 'Votre panier est plein : passez d’abord commande.', back)
  setCart(deps, reply, lines)
  reply.header('cache-control', 'no-store')
  if (isEarly(req))
    return reply.send({
      count: lines.length,
      message: `${product.name} a été ajouté au panier`,
    })
  return reply.redirect(back, 303)
}

/**
 * `POST /panier/quantite`, the steppers and "Retirer" of a line before the script (the cart page's
 * and, under "Ajouter", the card's and the product page's: web/no-script-cart.ts): `product`,
 * `preparation` ('' for none) name the line, `quantity` the quantity it leads to, 0 to take it
 * out; by the one rule of a line's quantity (under the least: out; off the step or past today's
 * stock: refused). The same refusals as "Ajouter"; a line the cookie does not hold is refused,
 * and a refusal changes nothing.
 */
async function setFromForm(deps: AppDeps, req: FastifyRequest, reply: FastifyReply) {
  const form = formOf(req)
  const back = backOf(form.back)
  const title = 'Panier non modifié'
  if (fromElsewhere(req))
    return refuse(req, reply, 403, 'Ce formulaire doit être envoyé depuis Étal.', '/products', title)
  const id = Number(form.product)
  const preparation =
    form.preparation === undefined || form.preparation === '' ? null : Number(form.preparation)
  const quantity =
    typeof form.quantity === 'string' && form.quantity.trim() !== '' ? Number(form.quantity) : NaN
  if (!validId(id) || (preparation !== null && !validId(preparation)))
    return refuse(req, reply, 400, 'Produit invalide.', back, title)
  if (!Number.isFinite(quantity) || quantity < 0 || quantity > MAX_LINE_QUANTITY)
    return refuse(req, reply, 400, 'Quantité invalide.', back, title)
  const user = await currentUser(req, reply, deps.database.db, deps.config)
  if (user && !isShopper(user.role))
    return refuse(req, reply, 403, 'Commande réservée aux clients.', back, title)
  const lines = parseCartCookie(cartCookieIn(req.headers.cookie))
  const key = cookieLineKey({ id, preparationId: preparation })
  if (!lines.some((l) => cookieLineKey(l) === key))
    return refuse(req, reply, 400, 'Cet article n’est plus dans votre panier.', back, title)
  // Taken out: whatever the product has become. Else the product as it is sold now.
  let next: number | 'remove' | 'invalid' = 'remove'
  if (quantity > 0) {
    const product = await productOf(deps, id)
    if (!product) return refuse(req, reply, 400, 'Ce produit n’est plus en vente : retirez-le.', back, title)
    next = lineQuantity(quantity, product)
    if (next === 'invalid')
      return refuse(req, reply, 400, `Quantité invalide pour ${product.name}.`, back, title)
  }
  setCart(deps, reply, setCookieLine(lines, key, next === 'remove' ? null : next)!)
  return reply.header('cache-control', 'no-store').redirect(back, 303)
}
