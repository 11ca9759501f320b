import { and, eq, isNull, sql } from 'drizzle-orm'
import { formatMoney } from '@/shared/format'
import { foldForSearch } from '@/shared/search'
import type { Executor } from '@/server/db/client'
import { products } from '@/server/db/schema'
import { decimalComma } from './csv'

/*
 * The product import's update path (docs/rules/money.md#reports, issue 31 §5): a row whose product
 * number ('N° produit', as the export writes it) or name (case and accents aside) is in the
 * country's catalogue updates that product instead of adding one. Kept apart from the file's
 * reading (product-import.ts), which asks it three things: the catalogue, which product a row
 * names, and what a row would change.
 */

/** A product of the catalogue, as the update compares it. */
export type Existing = {
  id: number
  name: string
  pricePerUnit: number
  unitType: 'kg' | 'unit'
  minQuantity: number
  description: string | null
  isActive: boolean
}

/** The fields a row may change, and how a change reads in the preview. */
export type Updatable = Omit<Existing, 'id'>
export type Change = { field: string; from: string; to: string }
export type Update = { id: number; set: Partial<Updatable>; changes: Change[] }

/** The country's products, not archived, by folded name and by number. */
export async function loadCatalogue(db: Executor, countryId: number) {
  const rows: Existing[] = await db
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
}
const shown = (field: keyof Updatable, v: Updatable[keyof Updatable]): string => {
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
    if ((from ?? null) === (to ?? null)) continue
    ;(set as Record<string, unknown>)[field] = to
    changes.push({ field: labels[field], from: shown(field, from), to: shown(field, to) })
  }
  return { id: product.id, set, changes }
}

/** Writes the updates of an import, in its transaction (the products' other fields untouched). */
export async function applyUpdates(tx: Executor, countryId: number, updates: readonly Update[]) {
  for (const u of updates) {
    if (u.changes.length === 0) continue
    await tx
      .update(products)
      .set({ ...u.set, updatedAt: sql`now()` })
      .where(and(eq(products.id, u.id), eq(products.countryId, countryId)))
  }
}
