import { eq, sql } from 'drizzle-orm'
import type { SessionUser } from '@/shared/schemas/auth'
import {
  createProductInput,
  productPreparationsInput,
  type ProductPreparations,
} from '@/shared/schemas/products'
import type { ImportRowError, ProductImportAnswer } from '@/shared/schemas/reports'
import { foldForSearch } from '@/shared/search'
import type { Db, Executor } from '@/server/db/client'
import { preparations, productCategories, productPreparations, products } from '@/server/db/schema'
import { badRequest } from '@/server/http/errors'
import { productCountryFor } from './products'
import { parseCsv, parseDecimal, unquoteFormula } from '../money/reports/csv'
import { productHeadings } from '../money/reports/products-csv'
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

type Column = keyof typeof productHeadings
const required: Column[] = ['name', 'price', 'unit']
/** Headings are matched case and accents aside; "Prix" alone is the price too. */
const aliases: Record<Column, string[]> = {
  name: ['nom'],
  category: ['categorie'],
  price: ['prix (f cfa)', 'prix'],
  unit: ['unite'],
  minQuantity: ['quantite minimale'],
  description: ['description'],
  active: ['actif'],
  origin: ['origine'],
  halal: ['halal'],
  slaughterDay: ["jour d'abattage", 'jour dabattage', "date d'abattage", 'abattage'],
  preparations: ['preparations'],
}
const fieldColumn: Record<string, Column> = {
  name: 'name',
  pricePerUnit: 'price',
  unitType: 'unit',
  minQuantity: 'minQuantity',
  description: 'description',
  isActive: 'active',
  origin: 'origin',
  halal: 'halal',
  slaughterDay: 'slaughterDay',
}
const units: Record<string, 'kg' | 'unit'> = { kg: 'kg', unite: 'unit', unit: 'unit', piece: 'unit' }
const yes = new Set(['oui', 'o', 'vrai', '1', 'true', 'yes'])
const no = new Set(['non', 'n', 'faux', '0', 'false', 'no', ''])

type Valid = {
  name: string
  description: string | null
  pricePerUnit: number
  unitType: 'kg' | 'unit'
  minQuantity: number
  categoryId: number | null
  isActive: boolean
  origin: string | null
  halal: boolean
  slaughterDay: string | null
  /** docs/rules/catalogue.md#preparations */
  preparations: ProductPreparations
}

/**
 * A "Préparations" cell ("Entier (défaut) | Découpé en morceaux +300") against the country's
 * list: the offers, or the French refusal of the first part at fault.
 */
function readPreparations(
  text: string,
  list: Map<string, number>,
): { offers: ProductPreparations } | { error: string } {
  const offers: ProductPreparations = []
  for (const raw of text.split('|')) {
    let part = raw.trim()
    if (!part) continue
    const mark = /\(\s*d[ée]faut\s*\)/i
    const isDefault = mark.test(part)
    part = part.replace(mark, '').trim()
    const priced = /^(.*?)\s*\+\s*(\d+)$/.exec(part)
    const name = (priced ? priced[1]! : part).trim()
    const price = priced ? Number(priced[2]) : 0
    const preparationId = list.get(foldForSearch(name))
    if (preparationId === undefined)
      return {
        error: `Préparation inconnue dans ce pays : « ${name} ». Ajoutez-la d’abord à la liste des préparations.`,
      }
    if (offers.some((o) => o.preparationId === preparationId))
      return { error: `Préparation en double : « ${name} ».` }
    offers.push({ preparationId, price, isDefault })
  }
  const checked = productPreparationsInput.safeParse(offers)
  if (!checked.success) return { error: checked.error.issues[0]!.message }
  return { offers: checked.data }
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
  const at: Partial<Record<Column, number>> = {}
  heading.forEach((h, i) => {
    const key = foldForSearch(h.replace(/\s+/g, ' ').trim())
    const column = (Object.keys(aliases) as Column[]).find((c) => aliases[c].includes(key))
    if (column && at[column] === undefined) at[column] = i
  })
  const missing = required.filter((c) => at[c] === undefined).map((c) => `« ${productHeadings[c]} »`)
  if (missing.length)
    throw badRequest(
      `Colonne${missing.length > 1 ? 's' : ''} manquante${missing.length > 1 ? 's' : ''} : ${missing.join(', ')}. La première ligne doit porter les en-têtes (Nom;Catégorie;Prix (F CFA);Unité;Quantité minimale;Description;Actif).`,
    )

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

  const errors: ImportRowError[] = []
  const valid: Valid[] = []
  const preview: ProductImportAnswer['preview'] = []
  records.forEach((cells, index) => {
    if (blank(cells)) return
    const row = index + 2
    const cell = (c: Column) => unquoteFormula((at[c] === undefined ? '' : cells[at[c]]) ?? '')
    const fail = (c: Column, message: string) => errors.push({ row, column: productHeadings[c], message })
    const before = errors.length

    const price = parseDecimal(cell('price'))
    if (price === null) fail('price', 'Le prix doit être un nombre entier de francs CFA (ex. 4500).')
    const unit = units[foldForSearch(cell('unit'))]
    if (!unit) fail('unit', 'L’unité doit être « kg » ou « unité ».')
    const minText = cell('minQuantity')
    const minQuantity = minText === '' ? 1 : parseDecimal(minText)
    if (minQuantity === null) fail('minQuantity', 'La quantité minimale doit être un nombre (ex. 0,5).')
    const categoryText = cell('category')
    const categoryId = categoryText === '' ? null : (categories.get(foldForSearch(categoryText)) ?? null)
    if (categoryText !== '' && categoryId === null)
      fail('category', `Catégorie inconnue : « ${categoryText} ».`)
    const offered = readPreparations(cell('preparations'), preparationList)
    if ('error' in offered) fail('preparations', offered.error)
    const activeText = foldForSearch(cell('active'))
    if (!yes.has(activeText) && !no.has(activeText)) fail('active', 'Actif doit être « oui » ou « non ».')
    const halalText = foldForSearch(cell('halal'))
    if (!yes.has(halalText) && !no.has(halalText)) fail('halal', 'Halal doit être « oui » ou « non ».')
    // A day as a French spreadsheet writes it (25/11/2026), or as the database does (2026-11-25).
    const dayText = cell('slaughterDay').trim()
    const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(dayText)
    const slaughterDay = french
      ? `${french[3]}-${french[2]!.padStart(2, '0')}-${french[1]!.padStart(2, '0')}`
      : dayText

    // The rules of a product created by hand, with their French messages (src/shared/schemas/products.ts).
    const parsed = createProductInput.safeParse({
      name: cell('name'),
      description: cell('description') || null,
      pricePerUnit: price ?? 1,
      unitType: unit ?? 'unit',
      minQuantity: minQuantity ?? 1,
      categoryId,
      isActive: yes.has(activeText),
      origin: cell('origin'),
      halal: yes.has(halalText),
      slaughterDay,
    })
    if (!parsed.success) {
      const seen = new Set<Column>()
      for (const issue of parsed.error.issues) {
        const column = fieldColumn[String(issue.path[0])]
        // A price or unit already said to be unreadable is not said again.
        if (!column || seen.has(column) || (column === 'price' && price === null)) continue
        if (column === 'minQuantity' && (minQuantity === null || !unit)) continue
        seen.add(column)
        fail(column, issue.message)
      }
    }
    const name = cell('name').trim()
    const key = foldForSearch(name)
    const numberCell = numberAt === undefined ? '' : unquoteFormula(cells[numberAt] ?? '')
    const { product, byNumber } = matchProduct(catalogue, numberCell, name)
    const twice = name !== '' && taken.has(key)
    if (twice) {
      fail('name', `Nom en double : « ${name} » figure déjà à la ligne ${taken.get(key)}.`)
    } else if (name) {
      taken.set(key, row)
      // Renamed by its number to the name of another product of the catalogue.
      const other = catalogue.byName.get(key)
      if (byNumber && product && other && other.id !== product.id)
        fail('name', `Nom en double : « ${name} » existe déjà dans le catalogue de ce pays.`)
    }
    if (product && !twice && matched.has(product.id))
      fail('name', `Ce produit figure déjà à la ligne ${matched.get(product.id)}.`)
    else if (product) matched.set(product.id, row)

    // A row's errors in the order of the columns.
    const order = Object.values(productHeadings) as string[]
    errors.push(...errors.splice(before).sort((a, b) => order.indexOf(a.column) - order.indexOf(b.column)))
    const update =
      product && errors.length === before && parsed.success
        ? productChanges(
            product,
            {
              name: parsed.data.name,
              description: parsed.data.description ?? null,
              pricePerUnit: parsed.data.pricePerUnit,
              unitType: parsed.data.unitType,
              minQuantity: parsed.data.minQuantity,
              isActive: parsed.data.isActive ?? false,
              preparations: inListOrder(
                ('offers' in offered ? offered.offers : []).map((o) => ({
                  preparationId: o.preparationId,
                  name: preparationById.get(o.preparationId)!.name,
                  position: preparationById.get(o.preparationId)!.position,
                  price: o.price,
                  isDefault: o.isDefault ?? false,
                })),
              ),
            },
            byNumber ? new Set([...present, 'name']) : present,
          )
        : null
    if (update) updates.push(update)
    preview.push({
      row,
      name,
      category: categoryText || null,
      pricePerUnit: price,
      unitType: unit ?? null,
      action: !product ? 'create' : update && update.changes.length === 0 ? 'unchanged' : 'update',
      changes: update?.changes ?? [],
    })
    if (errors.length === before && parsed.success && !product)
      valid.push({
        name: parsed.data.name,
        description: parsed.data.description ?? null,
        pricePerUnit: parsed.data.pricePerUnit,
        unitType: parsed.data.unitType,
        minQuantity: parsed.data.minQuantity,
        categoryId,
        isActive: parsed.data.isActive ?? false,
        origin: parsed.data.origin ?? null,
        halal: parsed.data.halal ?? false,
        slaughterDay: parsed.data.slaughterDay ?? null,
        preparations: 'offers' in offered ? offered.offers : [],
      })
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
