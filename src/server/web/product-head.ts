import { scriptSafeJson } from '@/shared/first-page'
import { formatMoney } from '@/shared/format'
import { documentTitle, pages, SITE_NAME } from '@/shared/pages'
import { perUnitLabel, productPath } from '@/shared/product-links'
import { photoUrl, photoWidths } from '@/shared/photos'
import type { PublicProduct } from '@/shared/schemas/storefront'
import { OG_HEIGHT, OG_WIDTH } from '../services/catalogue/photos/og-image'
import { drawnOgPath } from '../services/catalogue/photos/drawn-og'
import type { OwnHead } from './pages'

/*
 * What a product's page says of itself to a crawler that runs no JavaScript (WhatsApp's and
 * Facebook's previews, search engines; docs/rules/catalogue.md#product-page, docs/decisions/0050):
 * its title and description, its canonical address, the Open Graph and Twitter tags, and the
 * schema.org Product and Offer as JSON-LD. Every value is the shop's data, escaped here: a
 * product's name cannot close an attribute or the JSON-LD's script.
 */

/** The Open Graph image of a photo: 1200 × 630 JPEG made from it (services/catalogue/photos/og-image.ts). */
export const ogImagePath = (key: string) => `/images/products/${key}/og.jpg`

const attr = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

/** At most `max` characters, cut at a word, with an ellipsis. */
function clip(text: string, max: number) {
  // Line breaks and runs of spaces made one; the prices' no-break spaces kept.
  const flat = text.replace(/[ \t\r\n]+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`
}

/** 'Gigot d’agneau : 6 500 F CFA le kg. <description or the page table's>' */
export function productDescription(p: PublicProduct) {
  const price = `${p.name} : ${formatMoney(p.pricePerUnit)} ${perUnitLabel(p.unitType)}.`
  return clip(`${price} ${p.description || pages['/produits/:product'].description}`, 200)
}

/** The schema.org Product with its Offer (https://schema.org/Product), as an object. */
export function productJsonLd(
  p: PublicProduct,
  { origin, currency }: { origin: string | null; currency: string },
) {
  const url = origin ? origin + productPath(p) : undefined
  const image = p.photo
    ? origin
      ? [
          origin + ogImagePath(p.photo.key),
          origin + photoUrl(p.photo.key, photoWidths(p.photo.width).at(-1)!),
        ]
      : undefined
    : undefined
  const unitCode = p.unitType === 'kg' ? 'KGM' : 'C62'
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: productDescription(p),
    sku: String(p.id),
    ...(p.category && { category: p.category.name }),
    ...(image && { image }),
    ...(url && { url }),
    offers: {
      '@type': 'Offer',
      price: p.pricePerUnit,
      priceCurrency: currency,
      availability: p.stock.soldOut ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      ...(url && { url }),
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: p.pricePerUnit,
        priceCurrency: currency,
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode },
      },
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: p.minQuantity, unitCode },
    },
  }
}

/**
 * The product's own head: its title and description, canonical link, Open Graph and Twitter tags
 * and JSON-LD, given to the page's frame (web/pages.ts). Without a known origin (no PUBLIC_ORIGIN,
 * a host that is not this machine's: web/site-files.ts publicOrigin) the tags that need an
 * absolute URL are left out.
 */
export function productHead(
  p: PublicProduct,
  { origin, currency }: { origin: string | null; currency: string },
): OwnHead {
  const description = productDescription(p)
  const url = origin ? origin + productPath(p) : null
  // A product without a photo gets one drawn: its name, price and the shop's mark
  // (docs/rules/catalogue-pictures.md#drawn-og), so that a shared link always has a preview.
  const image = origin ? origin + (p.photo ? ogImagePath(p.photo.key) : drawnOgPath(p)) : null
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${attr(content)}">`
  const head = [
    url && `<link rel="canonical" href="${attr(url)}">`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:title', p.name),
    meta('property', 'og:description', description),
    url && meta('property', 'og:url', url),
    image && meta('property', 'og:image', image),
    image && meta('property', 'og:image:type', 'image/jpeg'),
    image && meta('property', 'og:image:width', String(OG_WIDTH)),
    image && meta('property', 'og:image:height', String(OG_HEIGHT)),
    image && meta('property', 'og:image:alt', p.name),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', p.name),
    meta('name', 'twitter:description', description),
    image && meta('name', 'twitter:image', image),
    `<script type="application/ld+json">${scriptSafeJson(JSON.stringify(productJsonLd(p, { origin, currency })))}</script>`,
  ].filter((t): t is string => Boolean(t))
  return { title: documentTitle(p.name), description, head }
}
