import { formatMoney } from './format'
import { foldForSearch } from './search'

/*
 * A product's own page (docs/rules/catalogue.md#product-page, docs/decisions/0050): its address
 * is `/produits/<id>-<slug>`. The id finds the product; the slug, made from its name, is there for
 * the reader and the search engine, and a renamed product's old address redirects to the new one.
 */

/** The pattern of the page table (src/shared/pages.ts): one segment, the id and the slug. */
export const PRODUCT_PAGE_PATH = '/produits/:product' as const

/** 'Côte de bœuf (1er choix)' → 'cote-de-boeuf-1er-choix': accents folded as the search folds them. */
export function productSlug(name: string): string {
  const slug = foldForSearch(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return slug || 'produit'
}

/** '/produits/12-gigot-d-agneau' */
export const productPath = (p: { id: number; name: string }) => `/produits/${p.id}-${productSlug(p.name)}`

/**
 * The id and slug of the `:product` segment ('12-gigot-d-agneau', or '12' alone); null when it
 * names no product (no id, or one past int4).
 */
export function parseProductSegment(segment: string): { id: number; slug: string } | null {
  const m = /^([1-9]\d{0,9})(?:-(.*))?$/.exec(segment)
  if (!m) return null
  const id = Number(m[1])
  if (id > 2_147_483_647) return null
  return { id, slug: m[2] ?? '' }
}

/** '/ kg' or '/ pièce'. */
export const perUnitLabel = (unitType: string) => (unitType === 'kg' ? 'le kg' : 'la pièce')

/** The text the "Partager sur WhatsApp" link sends: name, price and the page's address. */
export function shareText(p: { name: string; pricePerUnit: number; unitType: string }, url: string) {
  return `${p.name} : ${formatMoney(p.pricePerUnit)} ${perUnitLabel(p.unitType)} sur Étal\n${url}`
}

/** The wa.me link that opens WhatsApp with `shareText` ready to send to anyone. */
export const whatsappShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`
