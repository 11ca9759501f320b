import { sql } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { formatDay } from '@/shared/format'
import type { PreparationOffer } from '@/shared/domain/preparations'
import { offersOf } from '@/server/services/catalogue/preparation-offers'
import { BOM, csvLines, decimalComma } from './csv'
import { EXPORT_BATCH } from './orders-csv'

/**
 * The headings of the product file, the export's and the import's (docs/rules/money.md#reports): the
 * import reads the columns by these names (in any order, case and accents aside) and ignores
 * the export's others (N° produit, Pays), so that an exported file is a template to import.
 */
export const productHeadings = {
  name: 'Nom',
  category: 'Catégorie',
  price: 'Prix (F CFA)',
  unit: 'Unité',
  minQuantity: 'Quantité minimale',
  description: 'Description',
  active: 'Actif',
  // docs/rules/catalogue.md#provenance
  origin: 'Origine',
  halal: 'Halal',
  slaughterDay: 'Jour d’abattage',
  preparations: 'Préparations',
} as const

/**
 * docs/rules/catalogue.md#preparations: a product's preparations in one cell, the default marked,
 * a price per unit of the product after "+": "Entier (défaut) | Découpé en morceaux +300".
 */
export const PREPARATIONS_SEPARATOR = ' | '
export const DEFAULT_MARK = '(défaut)'
export const preparationsCell = (offers: readonly PreparationOffer[] | null) =>
  (offers ?? [])
    .map((o) => `${o.name}${o.price > 0 ? ` +${o.price}` : ''}${o.isDefault ? ` ${DEFAULT_MARK}` : ''}`)
    .join(PREPARATIONS_SEPARATOR)

export const unitLabels = { kg: 'kg', unit: 'unité' } as const

type Row = {
  id: number
  name: string
  folded: string
  category: string | null
  price_per_unit: number
  unit_type: 'kg' | 'unit'
  min_quantity: string | number
  description: string | null
  is_active: boolean
  country: string
  origin: string | null
  halal: boolean
  slaughter_day: string | null
  preparations: PreparationOffer[] | null
}

/** The catalogue of a country (or every country), archived products aside, by name, in batches. */
export async function* productsCsv(db: Executor, countryId: number | null): AsyncGenerator<string> {
  const h = productHeadings
  yield (
    BOM +
    csvLines([
      [
        'N° produit',
        h.name,
        h.category,
        h.price,
        h.unit,
        h.minQuantity,
        h.description,
        h.active,
        'Pays',
        h.origin,
        h.halal,
        h.slaughterDay,
        h.preparations,
      ],
    ])
  )
  // Pages follow the French order of names (byName, src/server/db/queries.ts).
  let after: { folded: string; name: string; id: number } | null = null
  for (;;) {
    const result: unknown = await db.execute(sql`
      select p.id, p.name, etal_fold(p.name) as folded, pc.name as category, p.price_per_unit, p.unit_type::text as unit_type,
        p.min_quantity, p.description, p.is_active, c.name as country,
        p.origin, p.halal, to_char(p.slaughter_day, 'YYYY-MM-DD') as slaughter_day,
        ${offersOf(sql`p.id`)} as preparations
      from products p join countries c on c.id = p.country_id
      left join product_categories pc on pc.id = p.category_id
      where p.archived_at is null
        ${countryId !== null ? sql`and p.country_id = ${countryId}` : sql``}
        ${after ? sql`and (etal_fold(p.name), p.name, p.id) > (${after.folded}, ${after.name}, ${after.id})` : sql``}
      order by etal_fold(p.name), p.name, p.id limit ${EXPORT_BATCH}`)
    const rows: Row[] = (result as { rows: Row[] }).rows
    if (rows.length === 0) return
    yield csvLines(
      rows.map((r) => [
        Number(r.id),
        r.name,
        r.category,
        Number(r.price_per_unit),
        unitLabels[r.unit_type],
        decimalComma(Number(r.min_quantity)),
        r.description,
        r.is_active ? 'oui' : 'non',
        r.country,
        r.origin,
        r.halal ? 'oui' : 'non',
        r.slaughter_day ? formatDay(r.slaughter_day) : null,
        preparationsCell(r.preparations),
      ]),
    )
    if (rows.length < EXPORT_BATCH) return
    const last: Row = rows[rows.length - 1]!
    after = { folded: last.folded, name: last.name, id: Number(last.id) }
  }
}
