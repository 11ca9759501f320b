import { CART_LINE_SLOT, CART_PAGE_SLOT, CART_QUANTITY_PATH, type CookieLine } from '@/shared/cart-cookie'
import { steppedQuantity } from '@/shared/domain/line-quantity'
import { lineTotal, unitPriceWith } from '@/shared/domain/pricing'
import { quantityStep } from '@/shared/domain/units'
import { formatMoney, formatQuantity } from '@/shared/format'
import type { ProductsPage } from '@/shared/schemas/storefront'
import type { Executor } from '../db/client'
import { catalogueText } from '../services/catalogue/storefront'
import { escapeHtml } from './document'

/**
 * The cart as a browser without script sees it (docs/rules/catalogue.md#before-the-script): the
 * server fills the empty `<noscript>` slots the pages draw (a product's card and page: its lines,
 * the cart page: every line, the subtotal, the way to order) from the cart cookie. Plain HTML
 * forms posting to `/panier/quantite`; with a script the browser never shows a `<noscript>`'s
 * content, and React does not read it while it hydrates, so the page stays the one it draws.
 */
type Product = ProductsPage['products'][number]

/** The products of the cookie's lines, as the catalogue sells them now (gone: absent). */
export async function cartProducts(db: Executor, lines: readonly CookieLine[]) {
  const ids = [...new Set(lines.map((l) => l.id))]
  if (ids.length === 0) return new Map<number, Product>()
  const page = JSON.parse((await catalogueText(db, { ids })).text) as { json: ProductsPage }
  return new Map(page.json.products.map((p) => [p.id, p]))
}

const attr = (s: string | number) => escapeHtml(String(s))
const stepButton =
  'grid h-10 w-10 place-items-center text-lg text-stone-700 disabled:opacity-40 hover:bg-stone-100'

/**
 * A line's stepper and "Retirer": one form, each button posting the quantity it leads to. A step
 * down from the least takes the line out, as the cart's own stepper; a step up stops at the most
 * (the one rule: src/shared/domain/line-quantity.ts).
 */
function lineForm(line: CookieLine, product: Product | undefined, name: string, back: string) {
  const unitType = product?.unitType ?? 'unit'
  const down = Math.max(0, line.quantity - quantityStep(unitType))
  const up = product ? steppedQuantity(line.quantity, 'up', product) : null
  return (
    `<form method="post" action="${CART_QUANTITY_PATH}" class="flex items-center justify-between gap-2">` +
    `<input type="hidden" name="product" value="${line.id}">` +
    `<input type="hidden" name="preparation" value="${line.preparationId ?? ''}">` +
    `<input type="hidden" name="back" value="${attr(back)}">` +
    (product
      ? `<span class="flex items-center rounded-md border border-stone-300 bg-white" role="group" aria-label="Quantité de ${attr(name)} dans le panier">` +
        `<button name="quantity" value="${down}" class="${stepButton}" aria-label="Diminuer la quantité de ${attr(name)}">−</button>` +
        `<span class="min-w-16 text-center text-sm tabular-nums" data-testid="cookie-line-quantity">${formatQuantity(line.quantity, unitType)}</span>` +
        `<button name="quantity" value="${up ?? line.quantity}" class="${stepButton}" aria-label="Augmenter la quantité de ${attr(name)}"${up === null ? ' disabled' : ''}>+</button>` +
        `</span>`
      : '') +
    `<button name="quantity" value="0" class="rounded-md px-2 py-2 text-sm text-red-700 underline">Retirer<span class="sr-only"> ${attr(name)} du panier</span></button>` +
    `</form>`
  )
}

const preparationOf = (line: CookieLine, product: Product | undefined) =>
  line.preparationId == null ? null : (product?.preparations.find((o) => o.id === line.preparationId) ?? null)

/** A product's lines, under its card's "Ajouter" (or its page's). */
export function cardLines(lines: readonly CookieLine[], product: Product | undefined, back: string) {
  if (lines.length === 0) return ''
  return lines
    .map((line) => {
      const name = product?.name ?? `Produit n° ${line.id}`
      const prep = preparationOf(line, product)
      return (
        `<div class="space-y-1 rounded-md bg-stone-100 p-2" data-testid="card-cart-line">` +
        `<p class="text-sm text-stone-700">Dans votre panier${prep ? ` (${escapeHtml(prep.name)})` : ''}</p>` +
        lineForm(line, product, name, back) +
        `</div>`
      )
    })
    .join('')
}

/** The cart page: every line, the subtotal, the way to order; or the empty cart's word. */
export function cartPage(lines: readonly CookieLine[], products: ReadonlyMap<number, Product>) {
  const head = `<h1 class="text-2xl font-bold text-stone-900">Mon panier</h1>`
  if (lines.length === 0)
    return (
      `<section class="mx-auto max-w-xl space-y-4" data-testid="no-script-cart">${head}` +
      `<p class="text-stone-700">Votre panier est vide</p>` +
      `<a href="/products" class="font-medium text-brand underline">Voir les produits</a></section>`
    )
  let subtotal = 0
  const items = lines.map((line) => {
    const product = products.get(line.id)
    const prep = preparationOf(line, product)
    const name = product?.name ?? `Produit n° ${line.id}`
    if (!product)
      return (
        `<li class="space-y-1 p-3" data-testid="cart-line"><p class="font-medium">${escapeHtml(name)}</p>` +
        `<p class="text-sm text-red-800">Ce produit n’est plus en vente.</p>${lineForm(line, undefined, name, '/cart')}</li>`
      )
    const unitPrice = unitPriceWith(product.pricePerUnit, prep?.price ?? 0)
    const total = lineTotal(unitPrice, line.quantity)
    subtotal += total
    return (
      `<li class="space-y-1 p-3" data-testid="cart-line">` +
      `<div class="flex items-start justify-between gap-2"><p class="font-medium text-stone-900">${escapeHtml(name)}</p>` +
      `<p class="font-semibold text-stone-900" data-testid="line-total">${formatMoney(total)}</p></div>` +
      `<p class="text-sm text-stone-600">${formatMoney(unitPrice)} ${product.unitType === 'kg' ? '/ kg' : '/ unité'}` +
      `${prep ? ` · ${escapeHtml(prep.name)}` : ''}</p>` +
      lineForm(line, product, name, '/cart') +
      `</li>`
    )
  })
  return (
    `<section class="mx-auto max-w-xl space-y-4" data-testid="no-script-cart">${head}` +
    `<ul class="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white" aria-label="Articles du panier">${items.join('')}</ul>` +
    `<p class="flex justify-between text-lg font-semibold"><span>Sous-total</span><span data-testid="cart-subtotal">${formatMoney(subtotal)}</span></p>` +
    `<p class="text-sm text-stone-600">Les frais de livraison sont calculés à la commande, selon votre quartier.</p>` +
    `<p class="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="needs-script">` +
    `La connexion et la commande (adresse, créneau, paiement) ont besoin de JavaScript : activez-le dans votre navigateur, puis revenez ici. Votre panier est gardé.</p>` +
    `<a href="/client/login?redirect=%2Fcart" class="flex min-h-11 w-full items-center justify-center rounded-md bg-brand px-4 font-medium text-white">Passer commande</a>` +
    `</section>`
  )
}

const LINE_SLOT = new RegExp(`<noscript ${CART_LINE_SLOT}="(\\d+)"></noscript>`, 'g')
const PAGE_SLOT = `<noscript ${CART_PAGE_SLOT}=""></noscript>`

/** Whether a page has a slot to fill from the cookie: a card, a product's page, the cart page. */
export const hasCartSlots = (html: string) =>
  html.includes(PAGE_SLOT) || html.includes(`<noscript ${CART_LINE_SLOT}=`)

/** The page's slots filled: each product's lines under its "Ajouter", the cart page's cart. */
export function fillCartSlots(
  html: string,
  lines: readonly CookieLine[],
  products: ReadonlyMap<number, Product>,
  back: string,
) {
  const filled = html.replace(LINE_SLOT, (slot, id: string) => {
    const own = lines.filter((l) => l.id === Number(id))
    return own.length === 0
      ? slot
      : `<noscript ${CART_LINE_SLOT}="${id}">${cardLines(own, products.get(Number(id)), back)}</noscript>`
  })
  if (!filled.includes(PAGE_SLOT)) return filled
  // The cart page's shell is drawn at its own URL, its links real: live before its script, as
  // the pages the server renders are, so that the cart's forms answer without one.
  return filled
    .replace('<div id="root" inert>', '<div id="root">')
    .replace(PAGE_SLOT, () => `<noscript ${CART_PAGE_SLOT}="">${cartPage(lines, products)}</noscript>`)
}
