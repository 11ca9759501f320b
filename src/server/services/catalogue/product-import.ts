import { eq, sql } from 'drizzle-orm'
import type { SessionUser } from '@/shared/schemas/auth'
import type { ImportRowError, ProductImportAnswer } from '@/shared/schemas/reports'
import { foldForSearch } from '@/shared/search'
import type { Db, Executor } from '@/server/db/client'
import { preparations, productCategories, productPreparations, products } from '@/server/db/schema'
import { badRequest } from '@/server/http/errors'
import { productCountryFor } from './products'
import { productHeadings } from '../money/reports/products-csv'
import { parseCsv, unquoteFormula } from '../money/reports/csv'
import { findColumns, inColumnOrder, missingColumns, readImportRow, type RowValues } from './import-row'
import {
  applyUpdates,
  inListOrder,
  loadCatalogue,
  matchProduct,
  numberColumn,
  productChanges,
  type Update,
  type Updatable,
} from './product-import-update'

/** Rows one file may hold: a country's whole catalogue, many times over. */
export const MAX_IMPORT_ROWS = 5000
const INSERT_BATCH = 500

/** A valid row as the update compares it with its product: its offers named and in the list's order. */
function updatable(
  values: RowValues,
  list: ReadonlyMap<number, { name: string; position: number }>,
): Updatable {
  const { name, description, pricePerUnit, unitType, minQuantity, isActive } = values
  const preparations = inListOrder(
    values.preparations.map((o) => ({
      preparationId: o.preparationId,
      name: list.get(o.preparationId)!.name,
      position: list.get(o.preparationId)!.position,
      price: o.price,
      isDefault: o.isDefault ?? false,
    })),
  )
  return { name, description, pricePerUnit, unitType, minQuantity, isActive, preparations }
}

/**
 * Reads a product file against a country's catalogue (docs/rules/money.md#reports): every row's
 * errors, with its line (the heading is line 1), its column and a French message, and the
 * rows as they would be written.
 */
async function readFile(db: Executor, countryId: number, bytes: Buffer) {
  const table = parseCsv(bytes)
  const [heading, ...records] = table
  // A blank row is skipped, yet keeps its number: rows are numbered as the spreadsheet shows them.
  const blank = (cells: string[]) => cells.every((c) => c === '')
  const lines = records.filter((r) => !blank(r))
  if (!heading || lines.length === 0)
    throw badRequest(
      'Le fichier ne contient aucun produit : une ligne d’en-têtes, puis un produit par ligne.',
    )
  if (lines.length > MAX_IMPORT_ROWS)
    throw badRequest(
      `Le fichier contient plus de ${MAX_IMPORT_ROWS} produits : découpez-le en plusieurs fichiers.`,
    )
  const at = findColumns(heading)
  const missing = missingColumns(at)
  if (missing) throw badRequest(missing)

  const categories = new Map(
    (await db.select({ id: productCategories.id, name: productCategories.name }).from(productCategories)).map(
      (c) => [foldForSearch(c.name.trim()), c.id],
    ),
  )
  // docs/rules/money.md#reports: a row naming a product of the catalogue (by number or name) updates it.
  const catalogue = await loadCatalogue(db, countryId)
  const numberAt = numberColumn(heading)
  const present = new Set<keyof Updatable>(['pricePerUnit', 'unitType'])
  if (at.minQuantity !== undefined) present.add('minQuantity')
  if (at.description !== undefined) present.add('description')
  if (at.active !== undefined) present.add('isActive')
  // docs/rules/catalogue.md#preparations: with a 'Préparations' column, a row's cell is what the
  // product offers after the import (empty: none); without one, offers are left as they are.
  if (at.preparations !== undefined) present.add('preparations')
  // Names and products already met in the file, with their row.
  const taken = new Map<string, number>()
  const matched = new Map<number, number>()
  const updates: Update[] = []

  const countryPreparations = await db
    .select({ id: preparations.id, name: preparations.name, position: preparations.position })
    .from(preparations)
    .where(eq(preparations.countryId, countryId))
  const preparationList = new Map(countryPreparations.map((p) => [foldForSearch(p.name.trim()), p.id]))
  const preparationById = new Map(countryPreparations.map((p) => [p.id, p]))
  const context = { columns: at, categories, preparations: preparationList }

  const errors: ImportRowError[] = []
  const valid: RowValues[] = []
  const preview: ProductImportAnswer['preview'] = []
  records.forEach((cells, index) => {
    if (blank(cells)) return
    const row = index + 2
    const read = readImportRow(cells, context)
    const rowErrors = 'errors' in read ? [...read.errors] : []
    const fail = (message: string) => rowErrors.push({ column: productHeadings.name, message })

    const { name } = read.shown
    const key = foldForSearch(name)
    const numberCell = numberAt === undefined ? '' : unquoteFormula(cells[numberAt] ?? '')
    const { product, byNumber } = matchProduct(catalogue, numberCell, name)
    const twice = name !== '' && taken.has(key)
    if (twice) {
      fail(`Nom en double : « ${name} » figure déjà à la ligne ${taken.get(key)}.`)
    } else if (name) {
      taken.set(key, row)
      // Renamed by its number to the name of another product of the catalogue.
      const other = catalogue.byName.get(key)
      if (byNumber && product && other && other.id !== product.id)
        fail(`Nom en double : « ${name} » existe déjà dans le catalogue de ce pays.`)
    }
    if (product && !twice && matched.has(product.id))
      fail(`Ce produit figure déjà à la ligne ${matched.get(product.id)}.`)
    else if (product) matched.set(product.id, row)

    errors.push(...inColumnOrder(rowErrors).map((e) => ({ row, ...e })))
    const values = 'ok' in read && rowErrors.length === 0 ? read.ok : null
    const update =
      product && values
        ? productChanges(
            product,
            updatable(values, preparationById),
            byNumber ? new Set([...present, 'name']) : present,
          )
        : null
    if (update) updates.push(update)
    preview.push({
      row,
      name,
      category: read.shown.category,
      pricePerUnit: read.shown.pricePerUnit,
      unitType: read.shown.unitType,
      action: !product ? 'create' : update && update.changes.length === 0 ? 'unchanged' : 'update',
      changes: update?.changes ?? [],
    })
    if (values && !product) valid.push(values)
  })
  return { rows: lines.length, errors, valid, updates, preview }
}

/**
 * Preview: the file's errors, nothing written. Import: in one transaction, under a lock of the
 * country's imports (two imports of one country cannot both pass the duplicate check), the file
 * is read again and every row written, or, with any error, nothing and a French 400 naming the
 * first row at fault.
 */
export async function importProducts(
  db: Db,
  user: SessionUser,
  input: { mode: 'preview' | 'import'; countryId?: number | undefined },
  bytes: Buffer,
): Promise<ProductImportAnswer> {
  const countryId = await productCountryFor(db, user, input.countryId)
  if (input.mode === 'preview') {
    const { rows, errors, preview } = await readFile(db, countryId, bytes)
    return { rows, errors, imported: 0, updated: 0, preview }
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('etal.product-import'), ${countryId})`)
    const { rows, errors, valid, updates } = await readFile(tx, countryId, bytes)
    if (errors.length) {
      const e = errors[0]!
      const fieldErrors: Record<string, string[]> = {}
      for (const x of errors) (fieldErrors[`ligne ${x.row}`] ??= []).push(`${x.column} : ${x.message}`)
      throw badRequest(
        `Import refusé, aucun produit n’a été ajouté : ${errors.length} erreur${errors.length > 1 ? 's' : ''}. Ligne ${e.row}, colonne « ${e.column} » : ${e.message}`,
        fieldErrors,
      )
    }
    for (let i = 0; i < valid.length; i += INSERT_BATCH) {
      const batch = valid.slice(i, i + INSERT_BATCH)
      const written = await tx
        .insert(products)
        .values(batch.map(({ preparations: _offers, ...v }) => ({ ...v, countryId })))
        .returning({ id: products.id, name: products.name })
      // Names are unique in a country's file: each row finds its product by name.
      const idOf = new Map(written.map((w) => [w.name, w.id]))
      const offers = batch.flatMap((v) =>
        v.preparations.map((o) => ({
          productId: idOf.get(v.name)!,
          preparationId: o.preparationId,
          price: o.price,
          isDefault: o.isDefault ?? false,
        })),
      )
      if (offers.length > 0) await tx.insert(productPreparations).values(offers)
    }
    // docs/rules/money.md#reports: the rows naming a product of the catalogue update it, in the same transaction.
    await applyUpdates(tx, countryId, updates)
    const updated = updates.filter((u) => u.changes.length > 0).length
    return { rows, errors: [], imported: valid.length, updated, preview: [] }
  })
}
