import { describe, expect, it } from 'vitest'
import {
  findColumns,
  missingColumns,
  readImportRow,
  type ImportColumn,
  type RowContext,
  type RowValues,
} from '../../src/server/services/catalogue/import-row'
import { productHeadings } from '../../src/server/services/money/reports/products-csv'

/*
 * One row of the product import (docs/rules/money.md#reports), each field's accepted and refused
 * cells with the refusal's exact words; the rules of a product created by hand are
 * src/shared/schemas/products.ts's, the preparations' docs/rules/catalogue.md#preparations.
 */

const order = Object.keys(productHeadings) as ImportColumn[]
const context: RowContext = {
  columns: findColumns(order.map((c) => productHeadings[c])),
  categories: new Map([
    ['boeuf', 1],
    ['agneau', 2],
  ]),
  preparations: new Map([
    ['entier', 10],
    ['hache', 11],
    ['decoupe en morceaux', 12],
  ]),
}
const base: Partial<Record<ImportColumn, string>> = { name: 'Entrecôte', price: '4500', unit: 'kg' }
const cells = (over: Partial<Record<ImportColumn, string>>) =>
  order.map((c) => ({ ...base, ...over })[c] ?? '')
const read = (over: Partial<Record<ImportColumn, string>>) => readImportRow(cells(over), context)
const values = (over: Partial<Record<ImportColumn, string>>): RowValues => {
  const r = read(over)
  if (!('ok' in r)) throw new Error(`refused: ${JSON.stringify(r.errors)}`)
  return r.ok
}
const errors = (over: Partial<Record<ImportColumn, string>>) => {
  const r = read(over)
  return 'errors' in r ? r.errors : []
}

type Accepted = [cells: Partial<Record<ImportColumn, string>>, field: keyof RowValues, value: unknown]
const accepted: Accepted[] = [
  [{ name: 'Côte de bœuf' }, 'name', 'Côte de bœuf'],
  [{ name: '  Gigot  ' }, 'name', 'Gigot'],
  [{ name: "'=Gigot" }, 'name', '=Gigot'],
  [{ price: '4500' }, 'pricePerUnit', 4500],
  [{ price: '12 500' }, 'pricePerUnit', 12500],
  [{ price: '12\u00a0500' }, 'pricePerUnit', 12500],
  [{ price: '10000000' }, 'pricePerUnit', 10_000_000],
  [{ unit: 'kg' }, 'unitType', 'kg'],
  [{ unit: 'KG' }, 'unitType', 'kg'],
  [{ unit: 'unité', minQuantity: '2' }, 'unitType', 'unit'],
  [{ unit: 'Unite' }, 'unitType', 'unit'],
  [{ unit: 'unit' }, 'unitType', 'unit'],
  [{ unit: 'pièce' }, 'unitType', 'unit'],
  [{ minQuantity: '' }, 'minQuantity', 1],
  [{ minQuantity: '0,5' }, 'minQuantity', 0.5],
  [{ minQuantity: '1000' }, 'minQuantity', 1000],
  [{ unit: 'unité', minQuantity: '3' }, 'minQuantity', 3],
  [{ category: '' }, 'categoryId', null],
  [{ category: 'Bœuf' }, 'categoryId', 1],
  [{ category: 'AGNEAU' }, 'categoryId', 2],
  [{ description: '' }, 'description', null],
  [{ description: 'Tendre\npersillée' }, 'description', 'Tendre\npersillée'],
  [{ description: 'x'.repeat(2000) }, 'description', 'x'.repeat(2000)],
  ...['oui', 'OUI', 'o', 'vrai', '1', 'true', 'yes'].map((v): Accepted => [{ active: v }, 'isActive', true]),
  ...['non', 'N', 'faux', '0', 'false', 'no', ''].map((v): Accepted => [{ active: v }, 'isActive', false]),
  [{ origin: '' }, 'origin', null],
  [{ origin: ' Abattoir de Dakar ' }, 'origin', 'Abattoir de Dakar'],
  [{ origin: 'x'.repeat(200) }, 'origin', 'x'.repeat(200)],
  ...['oui', 'Vrai', '1'].map((v): Accepted => [{ halal: v }, 'halal', true]),
  ...['non', '', '0'].map((v): Accepted => [{ halal: v }, 'halal', false]),
  [{ slaughterDay: '' }, 'slaughterDay', null],
  [{ slaughterDay: '25/11/2020' }, 'slaughterDay', '2020-11-25'],
  [{ slaughterDay: '5/1/2020' }, 'slaughterDay', '2020-01-05'],
  [{ slaughterDay: '2020-11-25' }, 'slaughterDay', '2020-11-25'],
  [{ preparations: '' }, 'preparations', []],
  [
    { preparations: 'Entier (défaut) | Haché +300' },
    'preparations',
    [
      { preparationId: 10, price: 0, isDefault: true },
      { preparationId: 11, price: 300, isDefault: false },
    ],
  ],
  [
    { preparations: 'découpé en MORCEAUX+250 (Defaut)' },
    'preparations',
    [{ preparationId: 12, price: 250, isDefault: true }],
  ],
]

const heading = (c: ImportColumn) => productHeadings[c]
type Refused = [cells: Partial<Record<ImportColumn, string>>, column: ImportColumn, message: string]
const refused: Refused[] = [
  [{ name: '' }, 'name', 'Le nom doit contenir au moins 3 caractères.'],
  [{ name: 'ab' }, 'name', 'Le nom doit contenir au moins 3 caractères.'],
  [{ name: 'x'.repeat(151) }, 'name', 'Le nom ne peut pas dépasser 150 caractères.'],
  [{ name: 'Gigot\u0007' }, 'name', 'Ce champ contient des caractères non autorisés.'],
  [{ price: '' }, 'price', 'Le prix doit être un nombre entier de francs CFA (ex. 4500).'],
  [{ price: 'cher' }, 'price', 'Le prix doit être un nombre entier de francs CFA (ex. 4500).'],
  [{ price: '4500,5' }, 'price', 'Le prix doit être un nombre entier positif (en francs CFA).'],
  [{ price: '0' }, 'price', 'Le prix doit être un nombre entier positif.'],
  [{ price: '-5' }, 'price', 'Le prix doit être un nombre entier positif.'],
  [{ price: '10000001' }, 'price', 'Le prix ne peut pas dépasser 10 000 000 F CFA.'],
  [{ unit: '' }, 'unit', 'L’unité doit être « kg » ou « unité ».'],
  [{ unit: 'litre' }, 'unit', 'L’unité doit être « kg » ou « unité ».'],
  [{ minQuantity: 'un peu' }, 'minQuantity', 'La quantité minimale doit être un nombre (ex. 0,5).'],
  [{ minQuantity: '0' }, 'minQuantity', 'La quantité minimale doit être positive.'],
  [{ minQuantity: '1001' }, 'minQuantity', 'La quantité minimale ne peut pas dépasser 1000.'],
  [{ minQuantity: '0,3' }, 'minQuantity', 'La quantité minimale doit être un multiple de 0,5 kg.'],
  [
    { unit: 'unité', minQuantity: '1,5' },
    'minQuantity',
    'La quantité minimale doit être un nombre entier pour les produits à l’unité.',
  ],
  [{ category: 'Porc' }, 'category', 'Catégorie inconnue : « Porc ».'],
  [{ description: 'x'.repeat(2001) }, 'description', 'Ce champ ne peut pas dépasser 2000 caractères.'],
  [{ description: 'bip\u0007' }, 'description', 'Ce champ contient des caractères non autorisés.'],
  [{ active: 'peut-être' }, 'active', 'Actif doit être « oui » ou « non ».'],
  [{ active: 'actif' }, 'active', 'Actif doit être « oui » ou « non ».'],
  [{ origin: 'x'.repeat(201) }, 'origin', 'L’origine ne peut pas dépasser 200 caractères.'],
  [{ origin: 'Dakar\nThiès' }, 'origin', 'Ce champ contient des caractères non autorisés.'],
  [{ halal: 'certifié' }, 'halal', 'Halal doit être « oui » ou « non ».'],
  [{ slaughterDay: 'hier' }, 'slaughterDay', 'Le jour d’abattage doit être une date (JJ/MM/AAAA).'],
  [{ slaughterDay: '31/02/2020' }, 'slaughterDay', 'Le jour d’abattage doit être une date (JJ/MM/AAAA).'],
  [{ slaughterDay: '2020-13-01' }, 'slaughterDay', 'Le jour d’abattage doit être une date (JJ/MM/AAAA).'],
  [{ slaughterDay: '01/01/2999' }, 'slaughterDay', 'Le jour d’abattage ne peut pas être dans le futur.'],
  [
    { preparations: 'Entier | Rôti +200' },
    'preparations',
    'Préparation inconnue dans ce pays : « Rôti ». Ajoutez-la d’abord à la liste des préparations.',
  ],
  [{ preparations: 'Entier | entier +100' }, 'preparations', 'Préparation en double : « entier ».'],
  [{ preparations: 'Entier (défaut) | Haché (défaut)' }, 'preparations', 'Une seule préparation par défaut.'],
  [{ preparations: 'Entier +10000001' }, 'preparations', 'Le prix ne peut pas dépasser 10 000 000 F CFA.'],
]

describe('readImportRow', () => {
  it('reads a row of the required columns alone, the others at their defaults', () => {
    const r = readImportRow(['Gigot', '5200', 'unité'], {
      ...context,
      columns: findColumns(['Nom', 'Prix', 'Unité']),
    })
    expect(r).toEqual({
      ok: {
        name: 'Gigot',
        description: null,
        pricePerUnit: 5200,
        unitType: 'unit',
        minQuantity: 1,
        categoryId: null,
        isActive: false,
        origin: null,
        halal: false,
        slaughterDay: null,
        preparations: [],
      },
      shown: { name: 'Gigot', category: null, pricePerUnit: 5200, unitType: 'unit' },
    })
  })

  it.each(accepted)('accepts %j: %s', (over, field, value) => {
    expect(values(over)[field]).toEqual(value)
  })

  it.each(refused)('refuses %j in %s: %s', (over, column, message) => {
    expect(errors(over)).toEqual([{ column: heading(column), message }])
  })

  it('gives every error of a row in the order of the columns, each column once', () => {
    const r = read({
      name: '',
      category: 'Porc',
      price: 'cher',
      unit: 'litre',
      active: 'peut-être',
      halal: 'x',
    })
    expect('errors' in r && r.errors.map((e) => e.column)).toEqual([
      'Nom',
      'Catégorie',
      'Prix (F CFA)',
      'Unité',
      'Actif',
      'Halal',
    ])
    // What the preview shows of it: the price and unit not read.
    expect(r.shown).toEqual({ name: '', category: 'Porc', pricePerUnit: null, unitType: null })
  })

  it('judges no step of a minimum whose unit could not be read', () => {
    expect(errors({ unit: 'litre', minQuantity: '0,5' })).toEqual([
      { column: 'Unité', message: 'L’unité doit être « kg » ou « unité ».' },
    ])
  })
})

describe('the headings', () => {
  it('finds each column by its heading, case, accents and spaces aside, the first one kept', () => {
    expect(
      findColumns(['N° produit', ' NOM ', 'prix', 'Unite', 'Prix (F CFA)', "Jour d'abattage", 'Autre']),
    ).toEqual({
      name: 1,
      price: 2,
      unit: 3,
      slaughterDay: 5,
    })
  })

  it('names the required columns missing', () => {
    expect(missingColumns(findColumns(['Nom', 'Prix', 'Unité']))).toBeNull()
    expect(missingColumns(findColumns(['Nom', 'Prix']))).toBe(
      'Colonne manquante : « Unité ». La première ligne doit porter les en-têtes (Nom;Catégorie;Prix (F CFA);Unité;Quantité minimale;Description;Actif).',
    )
    expect(missingColumns(findColumns(['Description']))).toBe(
      'Colonnes manquantes : « Nom », « Prix (F CFA) », « Unité ». La première ligne doit porter les en-têtes (Nom;Catégorie;Prix (F CFA);Unité;Quantité minimale;Description;Actif).',
    )
  })
})
