import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { formatMoney } from '@/shared/format'
import { foldForSearch } from '@/shared/search'
import type { Executor } from '@/server/db/client'
import { preparations, productPreparations, products } from '@/server/db/schema'
import { writeProductPreparations } from './preparations'
import { decimalComma } from '../money/reports/csv'
import { preparationsCell } from '../money/reports/products-csv'

/*
 * The product import's update path (docs/rules/money.md#reports): a row whose product
 * number ('N° produit', as the export writes it) or name (case and accents aside) is in the
 * country's catalogue updates that product instead of adding one. Kept apart from the file's
 * reading (product-import.ts), which asks it three things: the catalogue, which product a row
 * names, and what a row would change.
 */

/**
 * A preparation a product offers (docs/rules/catalogue.md#preparations), as the update compares it:
 * the preparation and its price and default; its name and place in the country's list to show it.
 */
export type Offer = {
  preparationId: number
  name: string
  position: number
  price: number
  isDefault: boolean
}

/** A product of the catalogue, as the update compares it. */
export type Existing = {
  id: number
  name: string
  pricePerUnit: number
  unitType: 'kg' | 'unit'
  minQuantity: number
  description: string | null
  isActive: boolean
  /** Its offers, the default first, then the country's order (as the export writes them). */
  preparations: Offer[]
}

/** The fields a row may change, and how a change reads in the preview. */
export type Updatable = Omit<Existing, 'id'>
export type Change = { field: string; from: string; to: string }
export type Update = { id: number; set: Partial<Updatable>; changes: Change[] }

/** Offers in the order the export and the storefront list them: the default first, then the list's. */
export const inListOrder = (offers: readonly Offer[]) =>
  [...offers].sort(
    (a, b) =>
      Number(b.isDefault) - Number(a.isDefault) ||
      a.position - b.position ||
      a.preparationId - b.preparationId,
  )

/** The country's products, not archived, with their offers, by folded name and by number. */
export async function loadCatalogue(db: Executor, countryId: number) {
  const found = await db
    .select({
      id: products.id,
      name: products.name,
      pricePerUnit: products.pricePerUnit,
      unitType: products.unitType,
      minQuantity: products.minQuantity,
      description: products.description,
      isActive: products.isActive,
    })
    .from(products)
    .where(and(eq(products.countryId, countryId), isNull(products.archivedAt)))
  const offers = await db
    .select({
      productId: productPreparations.productId,
      preparationId: productPreparations.preparationId,
      name: preparations.name,
      position: preparations.position,
      price: productPreparations.price,
      isDefault: productPreparations.isDefault,
    })
    .from(productPreparations)
    .innerJoin(preparations, eq(preparations.id, productPreparations.preparationId))
    .innerJoin(products, eq(products.id, productPreparations.productId))
    .where(and(eq(products.countryId, countryId), isNull(products.archivedAt)))
    .orderBy(desc(productPreparations.isDefault), preparations.position, preparations.id)
  const offersOf = new Map<number, Offer[]>()
  for (const { productId, ...o } of offers) {
    const list = offersOf.get(productId) ?? []
    list.push(o)
    offersOf.set(productId, list)
  }
  const rows: Existing[] = found.map((p) => ({ ...p, preparations: offersOf.get(p.id) ?? [] }))
  return {
    byName: new Map(rows.map((p) => [foldForSearch(p.name.trim()), p])),
    byId: new Map(rows.map((p) => [p.id, p])),
  }
}
export type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>

/** The column of the product number, 'N° produit' (or 'No produit', 'Numéro produit'), if any. */
export function numberColumn(heading: readonly string[]): number | undefined {
  const i = heading.findIndex((h) =>
    /^(n|no|num|numero)\W*(de )?produit$/.test(foldForSearch(h.replace(/\s+/g, ' ').trim()).replace('°', '')),
  )
  return i < 0 ? undefined : i
}

/**
 * The product a row names: by its number when that is one of the country's catalogue, else by its
 * name (a number of another country's export, or of an archived product, names nothing: the row
 * is then matched by name, or adds a product).
 */
export function matchProduct(
  catalogue: Catalogue,
  numberCell: string,
  name: string,
): { product: Existing | null; byNumber: boolean } {
  const n = numberCell.trim()
  const byNumber = /^\d{1,9}$/.test(n) ? catalogue.byId.get(Number(n)) : undefined
  if (byNumber) return { product: byNumber, byNumber: true }
  return { product: catalogue.byName.get(foldForSearch(name.trim())) ?? null, byNumber: false }
}

const labels: Record<keyof Updatable, string> = {
  name: 'Nom',
  pricePerUnit: 'Prix',
  unitType: 'Unité',
  minQuantity: 'Quantité minimale',
  description: 'Description',
  isActive: 'Actif',
  preparations: 'Préparations',
}
const shown = (field: keyof Updatable, v: Updatable[keyof Updatable]): string => {
  if (field === 'preparations') {
    // "Entier (défaut) | Découpé en morceaux +300", as the file's own column reads.
    const offers = v as Offer[]
    return offers.length === 0 ? '—' : preparationsCell(offers.map((o) => ({ ...o, id: o.preparationId })))
  }
  if (v === null || v === '') return '—'
  if (field === 'pricePerUnit') return formatMoney(v as number)
  if (field === 'unitType') return v === 'kg' ? 'kg' : 'unité'
  if (field === 'minQuantity') return decimalComma(v as number)
  if (field === 'isActive') return v ? 'oui' : 'non'
  return String(v)
}

/**
 * What a valid row would change on its product: the fields whose value differs, among those the
 * file has a column for (`present`; a file without a 'Description' column leaves descriptions as
 * they are). The name changes only when the row named the product by its number.
 */
export function productChanges(
  product: Existing,
  row: Updatable,
  present: ReadonlySet<keyof Updatable>,
): Update {
  const set: Partial<Updatable> = {}
  const changes: Change[] = []
  for (const field of Object.keys(labels) as (keyof Updatable)[]) {
    if (!present.has(field)) continue
    const from = product[field]
    const to = row[field]
    if (
      field === 'preparations' ? sameOffers(from as Offer[], to as Offer[]) : (from ?? null) === (to ?? null)
    )
      continue
    ;(set as Record<string, unknown>)[field] = to
    changes.push({ field: labels[field], from: shown(field, from), to: shown(field, to) })
  }
  return { id: product.id, set, changes }
}

/** The same offers, whatever their order: each preparation with the same price and default. */
function sameOffers(a: readonly Offer[], b: readonly Offer[]) {
  if (a.length !== b.length) return false
  return a.every((x) =>
    b.some((y) => y.preparationId === x.preparationId && y.price === x.price && y.isDefault === x.isDefault),
  )
}

/**
 * Writes the updates of an import, in its transaction (the products' other fields untouched); a
 * row's preparations replace the product's offers, as the product dialog does.
 */
export async function applyUpdates(tx: Executor, countryId: number, updates: readonly Update[]) {
  for (const u of updates) {
    if (u.changes.length === 0) continue
    const { preparations: offers, ...fields } = u.set
    const [product] = await tx
      .update(products)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(products.id, u.id), eq(products.countryId, countryId)))
      .returning({ id: products.id })
    if (product && offers) await writeProductPreparations(tx, product.id, offers)
  }
}
