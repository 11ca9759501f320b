import rateLimit, { type FastifyRateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  addCookieLine,
  CART_COOKIE,
  CART_COOKIE_MAX_AGE,
  CART_FORM_PATH,
  cartCookieIn,
  parseCartCookie,
  writeCartCookie,
} from '@/shared/cart-cookie'
import { isShopper } from '@/shared/domain/roles'
import { isValidQuantityStep, MAX_LINE_QUANTITY, quantityStep } from '@/shared/domain/units'
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

/** A refusal as a page (the form was posted without script): a 400 in French, with the way back. */
function refuse(reply: FastifyReply, status: 400 | 403, message: string, back: string) {
  const html =
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>Produit non ajouté · Étal</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem">` +
    `<h1>Produit non ajouté</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">Revenir à la page</a></p></body></html>`
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
    scope.post(
      CART_FORM_PATH,
      { schema: { hide: true }, config: { rateLimit: perMinute(deps.config.API_RATE_PER_MINUTE) } },
      (req, reply) => addFromForm(deps, req, reply),
    )
  })
}

async function addFromForm(deps: AppDeps, req: FastifyRequest, reply: FastifyReply) {
  const form = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>
  const back = backOf(form.back)
  const site = req.headers['sec-fetch-site']
  const origin = req.headers.origin
  if (site === 'cross-site' || (origin && origin !== 'null' && new URL(origin).host !== req.headers.host))
    return refuse(reply, 403, 'Ce formulaire doit être envoyé depuis Étal.', '/products')

  const id = Number(form.product)
  const quantity = Number(form.quantity)
  // The picker's choice; '' is "Sans préparation"; absent (a product without one), its default.
  const preparation =
    form.preparation === undefined ? undefined : form.preparation === '' ? null : Number(form.preparation)
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
    return refuse(reply, 400, 'Produit invalide.', back)
  const user = await currentUser(req, reply, deps.database.db, deps.config)
  if (user && !isShopper(user.role)) return refuse(reply, 403, 'Commande réservée aux clients.', back)
  const page = JSON.parse((await catalogueText(deps.database.db, { ids: [id] })).text) as {
    json: ProductsPage
  }
  const product = page.json.products[0]
  if (!product) return refuse(reply, 400, 'Ce produit n’est plus en vente.', back)
  if (user?.country && product.countryName !== user.country)
    return refuse(reply, 400, `Ce produit n'est pas disponible dans votre pays (${user.country})`, back)
  if (product.stock.soldOut) return refuse(reply, 400, `${product.name} est épuisé pour le moment.`, back)
  const least = Math.max(product.minQuantity, quantityStep(product.unitType))
  if (
    !isValidQuantityStep(quantity, product.unitType) ||
    quantity < least ||
    quantity > Math.min(MAX_LINE_QUANTITY, product.stock.left ?? MAX_LINE_QUANTITY)
  )
    return refuse(reply, 400, `Quantité invalide pour ${product.name}.`, back)
  if (
    preparation != null &&
    (!Number.isInteger(preparation) || !product.preparations.some((o) => o.id === preparation))
  )
    return refuse(reply, 400, `Cette préparation n’est pas proposée pour ${product.name}.`, back)
  const chosen =
    preparation === undefined ? (product.preparations.find((o) => o.isDefault)?.id ?? null) : preparation

  const lines = addCookieLine(parseCartCookie(cartCookieIn(req.headers.cookie)), {
    id,
    preparationId: chosen,
    quantity,
  })
  if (!lines) return refuse(reply, 400, 'Votre panier est plein : passez d’abord commande.', back)
  // Read by the page's script (it moves the lines into its cart), so not HttpOnly; Lax, as the session's.
  reply.setCookie(CART_COOKIE, writeCartCookie(lines), {
    path: '/',
    sameSite: 'lax',
    secure: deps.config.NODE_ENV === 'production',
    maxAge: CART_COOKIE_MAX_AGE,
  })
  return reply.header('cache-control', 'no-store').redirect(back, 303)
}
