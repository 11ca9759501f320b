import {
  createProductInput,
  productPreparationsInput,
  type ProductPreparations,
} from '@/shared/schemas/products'
import type { ImportRowError } from '@/shared/schemas/reports'
import { foldForSearch } from '@/shared/search'
import { parseDecimal, unquoteFormula } from '../money/reports/csv'
import { productHeadings } from '../money/reports/products-csv'

/*
 * One row of the product import (docs/rules/money.md#reports), read on its own: each cell by its
 * field's reader, then the whole held to the rules of a product created by hand
 * (`createProductInput`, with its messages). Pure: what it needs of the database (categories,
 * the country's preparations) is given. What depends on the other rows and on the catalogue (a
 * name twice, an update) is product-import.ts's.
 */

export type ImportColumn = keyof typeof productHeadings

const required: ImportColumn[] = ['name', 'price', 'unit']
/** Headings are matched case and accents aside; "Prix" alone is the price too. */
const aliases: Record<ImportColumn, string[]> = {
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

/** Where each column is in a row: the first heading that names it. */
export type ImportColumns = Partial<Record<ImportColumn, number>>

export function findColumns(heading: readonly string[]): ImportColumns {
  const at: ImportColumns = {}
  heading.forEach((h, i) => {
    const key = foldForSearch(h.replace(/\s+/g, ' ').trim())
    const column = (Object.keys(aliases) as ImportColumn[]).find((c) => aliases[c].includes(key))
    if (column && at[column] === undefined) at[column] = i
  })
  return at
}

/** The refusal of a file without a required column; null when it has them all. */
export function missingColumns(at: ImportColumns): string | null {
  const missing = required.filter((c) => at[c] === undefined).map((c) => `« ${productHeadings[c]} »`)
  if (!missing.length) return null
  const s = missing.length > 1 ? 's' : ''
  return `Colonne${s} manquante${s} : ${missing.join(', ')}. La première ligne doit porter les en-têtes (Nom;Catégorie;Prix (F CFA);Unité;Quantité minimale;Description;Actif).`
}

/** What a row is read against. */
export type RowContext = {
  columns: ImportColumns
  /** Product categories, by folded name. */
  categories: ReadonlyMap<string, number>
  /** The country's preparations, by folded name. */
  preparations: ReadonlyMap<string, number>
}

/** A row as it would be written. */
export type RowValues = {
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

/** What the preview shows of a row, valid or not: its price and unit when they could be read. */
export type RowShown = {
  name: string
  category: string | null
  pricePerUnit: number | null
  unitType: 'kg' | 'unit' | null
}

export type RowError = Omit<ImportRowError, 'row'>
export type ReadRow = ({ ok: RowValues } | { errors: RowError[] }) & { shown: RowShown }

/** A cell's reading: its value, or null and the French refusal. */
type Read<T> = { value: T; error?: undefined } | { value: null; error: string }
const refuse = (error: string): { value: null; error: string } => ({ value: null, error })

const units: Record<string, 'kg' | 'unit'> = { kg: 'kg', unite: 'unit', unit: 'unit', piece: 'unit' }
const yes = new Set(['oui', 'o', 'vrai', '1', 'true', 'yes'])
const no = new Set(['non', 'n', 'faux', '0', 'false', 'no', ''])

/** '12 500' or '12500'; its rules (a whole positive number…) are the product's. */
export function readPrice(text: string): Read<number> {
  const price = parseDecimal(text)
  return price === null
    ? refuse('Le prix doit être un nombre entier de francs CFA (ex. 4500).')
    : { value: price }
}

/** 'kg', or 'unité' ('unit', 'pièce'), case and accents aside. */
export function readUnit(text: string): Read<'kg' | 'unit'> {
  const unit = units[foldForSearch(text)]
  return unit ? { value: unit } : refuse('L’unité doit être « kg » ou « unité ».')
}

/** '0,5' or '2'; empty is 1. */
export function readMinQuantity(text: string): Read<number> {
  const quantity = text === '' ? 1 : parseDecimal(text)
  return quantity === null
    ? refuse('La quantité minimale doit être un nombre (ex. 0,5).')
    : { value: quantity }
}

/** A category that exists, case and accents aside; empty is none. */
export function readCategory(text: string, categories: ReadonlyMap<string, number>): Read<number | null> {
  if (text === '') return { value: null }
  const id = categories.get(foldForSearch(text))
  return id === undefined ? refuse(`Catégorie inconnue : « ${text} ».`) : { value: id }
}

/** 'oui' or 'non' (o, vrai, 1, true, yes; n, faux, 0, false, no), empty meaning no. */
export function readYesNo(text: string, refusal: string): Read<boolean> {
  const folded = foldForSearch(text)
  if (yes.has(folded)) return { value: true }
  return no.has(folded) ? { value: false } : refuse(refusal)
}

/**
 * A day as a French spreadsheet writes it (25/11/2026) into the database's form (2026-11-25);
 * anything else as it is, for the product's rule to judge.
 */
export function readDay(text: string): string {
  const day = text.trim()
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(day)
  return french ? `${french[3]}-${french[2]!.padStart(2, '0')}-${french[1]!.padStart(2, '0')}` : day
}

/**
 * A "Préparations" cell ("Entier (défaut) | Découpé en morceaux +300") against the country's
 * list (docs/rules/catalogue.md#preparations): the offers, or the refusal of the first part at fault.
 */
export function readPreparations(text: string, list: ReadonlyMap<string, number>): Read<ProductPreparations> {
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
      return refuse(
        `Préparation inconnue dans ce pays : « ${name} ». Ajoutez-la d’abord à la liste des préparations.`,
      )
    if (offers.some((o) => o.preparationId === preparationId))
      return refuse(`Préparation en double : « ${name} ».`)
    offers.push({ preparationId, price, isDefault })
  }
  const checked = productPreparationsInput.safeParse(offers)
  if (!checked.success) return refuse(checked.error.issues[0]!.message)
  return { value: checked.data }
}

/** The column of each field of `createProductInput` a row gives. */
const fieldColumn: Record<string, ImportColumn> = {
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

const columnOrder = Object.values(productHeadings) as string[]
/** A row's errors in the order of the columns (those of one column as they came). */
export const inColumnOrder = <T extends RowError>(errors: readonly T[]): T[] =>
  [...errors].sort((a, b) => columnOrder.indexOf(a.column) - columnOrder.indexOf(b.column))

/** Reads one row of the file (its cells, as parsed) against the context: its values, or its errors. */
export function readImportRow(cells: readonly string[], context: RowContext): ReadRow {
  const { columns: at } = context
  const cell = (c: ImportColumn) => unquoteFormula((at[c] === undefined ? '' : cells[at[c]]) ?? '')
  const errors: RowError[] = []
  const fail = (c: ImportColumn, message: string | undefined) => {
    if (message !== undefined) errors.push({ column: productHeadings[c], message })
  }

  const price = readPrice(cell('price'))
  fail('price', price.error)
  const unit = readUnit(cell('unit'))
  fail('unit', unit.error)
  const minQuantity = readMinQuantity(cell('minQuantity'))
  fail('minQuantity', minQuantity.error)
  const categoryText = cell('category')
  const category = readCategory(categoryText, context.categories)
  fail('category', category.error)
  const offered = readPreparations(cell('preparations'), context.preparations)
  fail('preparations', offered.error)
  const active = readYesNo(cell('active'), 'Actif doit être « oui » ou « non ».')
  fail('active', active.error)
  const halal = readYesNo(cell('halal'), 'Halal doit être « oui » ou « non ».')
  fail('halal', halal.error)

  // The rules of a product created by hand, with their French messages (src/shared/schemas/products.ts).
  const parsed = createProductInput.safeParse({
    name: cell('name'),
    description: cell('description') || null,
    pricePerUnit: price.value ?? 1,
    unitType: unit.value ?? 'unit',
    minQuantity: minQuantity.value ?? 1,
    categoryId: category.value,
    isActive: active.value === true,
    origin: cell('origin'),
    halal: halal.value === true,
    slaughterDay: readDay(cell('slaughterDay')),
  })
  if (!parsed.success) {
    const seen = new Set<ImportColumn>()
    for (const issue of parsed.error.issues) {
      const column = fieldColumn[String(issue.path[0])]
      // A price, unit or minimum already said to be unreadable is not judged again.
      if (!column || seen.has(column) || (column === 'price' && price.error)) continue
      if (column === 'minQuantity' && (minQuantity.error || unit.error)) continue
      seen.add(column)
      fail(column, issue.message)
    }
  }

  const shown: RowShown = {
    name: cell('name').trim(),
    category: categoryText || null,
    pricePerUnit: price.value,
    unitType: unit.value,
  }
  // A row may be refused by a rule that names no column of the file: no error, and no values.
  if (errors.length > 0 || !parsed.success) return { errors: inColumnOrder(errors), shown }
  const p = parsed.data
  return {
    ok: {
      name: p.name,
      description: p.description ?? null,
      pricePerUnit: p.pricePerUnit,
      unitType: p.unitType,
      minQuantity: p.minQuantity,
      categoryId: category.value,
      isActive: p.isActive ?? false,
      origin: p.origin ?? null,
      halal: p.halal ?? false,
      slaughterDay: p.slaughterDay ?? null,
      preparations: offered.value ?? [],
    },
    shown,
  }
}
