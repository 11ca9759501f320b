import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { products } from '../../src/server/db/schema'
import type { ProductImportAnswer } from '../../src/shared/schemas/reports'
import { decode, get } from '../factories'
import {
  t,
  root,
  superSn,
  adminSn,
  superMl,
  snId,
  mlId,
  BOM,
  csvOf,
  upload,
  productCount,
  GOOD,
  useReportsApp,
} from './reports-setup'

/** The product import, and preparations in the product file (docs/rules/money.md#reports). */

useReportsApp()

describe('preparations in the product file (docs/rules/catalogue.md#preparations)', () => {
  it('imports a product’s preparations, refuses an unknown one on its row, and exports them back', async () => {
    const head = 'Nom;Prix (F CFA);Unité;Actif;Préparations'
    const bad = await upload(
      superSn,
      'preview',
      `${head}\r\nÉpaule;5000;kg;oui;Entier | Fumé à froid +100\r\n`,
    )
    expect(decode<ProductImportAnswer>(bad.body).errors).toEqual([
      {
        row: 2,
        column: 'Préparations',
        message:
          'Préparation inconnue dans ce pays : « Fumé à froid ». Ajoutez-la d’abord à la liste des préparations.',
      },
    ])
    const res = await upload(
      superSn,
      'import',
      `${head}\r\nÉpaule d’agneau;5000;kg;oui;Entier (défaut) | découpé en morceaux +300 | Haché +500\r\n`,
    )
    expect(res.statusCode, res.body).toBe(200)
    const rows = csvOf((await get(t, '/_api/admin/products/export', superSn)).body)
    const shoulder = rows.find((r) => r[1] === 'Épaule d’agneau')!
    expect(shoulder.at(-1)).toBe('Entier (défaut) | Découpé en morceaux +300 | Haché +500')
  })

  it('an update row sets the product’s preparations, listed in the preview; all or nothing; without the column, unchanged', async () => {
    const head = 'Nom;Prix (F CFA);Unité;Actif;Préparations'
    // Created with its offers.
    const created = await upload(
      superSn,
      'import',
      `${head}\r\nCollier de veau;5000;kg;oui;Entier (défaut) | Haché +400\r\n`,
    )
    expect(created.statusCode, created.body).toBe(200)
    expect(decode<ProductImportAnswer>(created.body)).toMatchObject({ imported: 1, updated: 0 })
    const [collier] = await t.db
      .select()
      .from(products)
      .where(sql`country_id = ${snId} and name = 'Collier de veau'`)
    const offers = async () =>
      decode<{ products: { preparations: { name: string; price: number; isDefault: boolean }[] }[] }>(
        (await get(t, `/_api/products?ids=${collier!.id}`)).body,
      ).products[0]!.preparations.map((o) => [o.name, o.price, o.isDefault])
    expect(await offers()).toEqual([
      ['Entier', 0, true],
      ['Haché', 400, false],
    ])

    // The same row with other preparations: an update, the preview says from what to what.
    const file = `${head}\r\ncollier de veau;5000;kg;oui;Entier | découpé en morceaux +300 (défaut)\r\n`
    const preview = decode<ProductImportAnswer>((await upload(superSn, 'preview', file)).body)
    expect(preview.errors).toEqual([])
    expect(preview.preview.map((r) => [r.action, r.changes])).toEqual([
      [
        'update',
        [
          {
            field: 'Préparations',
            from: 'Entier (défaut) | Haché +400',
            to: 'Découpé en morceaux +300 (défaut) | Entier',
          },
        ],
      ],
    ])
    expect(await offers()).toEqual([
      ['Entier', 0, true],
      ['Haché', 400, false],
    ])

    // One bad row: the offers stay as they were.
    const refused = await upload(superSn, 'import', `${file};Inconnu;100;litre;oui;\r\n`)
    expect(refused.statusCode).toBe(400)
    expect(await offers()).toEqual([
      ['Entier', 0, true],
      ['Haché', 400, false],
    ])

    const res = await upload(superSn, 'import', file)
    expect(res.statusCode, res.body).toBe(200)
    expect(decode<ProductImportAnswer>(res.body)).toMatchObject({ imported: 0, updated: 1 })
    expect(await offers()).toEqual([
      ['Découpé en morceaux', 300, true],
      ['Entier', 0, false],
    ])
    // Read again, the same file changes nothing; nor does the exported catalogue.
    expect(
      decode<ProductImportAnswer>((await upload(superSn, 'preview', file)).body).preview[0]!.action,
    ).toBe('unchanged')
    const exported = (await get(t, '/_api/admin/products/export', superSn)).body
    const again = decode<ProductImportAnswer>((await upload(superSn, 'preview', exported)).body)
    expect(again.preview.find((r) => r.name === 'Collier de veau')).toMatchObject({
      action: 'unchanged',
      changes: [],
    })

    // Without the column, a price change leaves the offers; with it and an empty cell, none is offered.
    expect(
      decode<ProductImportAnswer>(
        (await upload(superSn, 'import', 'Nom;Prix;Unité\r\nCollier de veau;5200;kg\r\n')).body,
      ).updated,
    ).toBe(1)
    expect(await offers()).toEqual([
      ['Découpé en morceaux', 300, true],
      ['Entier', 0, false],
    ])
    const none = `${head}\r\nCollier de veau;5200;kg;oui;\r\n`
    expect(
      decode<ProductImportAnswer>((await upload(superSn, 'preview', none)).body).preview[0]!.changes,
    ).toEqual([{ field: 'Préparations', from: 'Découpé en morceaux +300 (défaut) | Entier', to: '—' }])
    expect((await upload(superSn, 'import', none)).statusCode).toBe(200)
    expect(await offers()).toEqual([])
  })
})

describe('POST /_api/admin/products/import', () => {
  it('previews a file with one bad row in French, and an import of it changes nothing and names the row', async () => {
    const file = `${BOM}${GOOD}\r\nCôte;Porc;12,5;litre;0,3;;peut-être\r\nentrecote;Bœuf;100;kg;1;;oui\r\n`
    const before = await productCount(snId)
    const preview = await upload(superSn, 'preview', file)
    expect(preview.statusCode).toBe(200)
    const p = decode<ProductImportAnswer>(preview.body)
    expect(p.rows).toBe(5)
    expect(p.imported).toBe(0)
    expect(p.errors).toEqual([
      { row: 5, column: 'Catégorie', message: 'Catégorie inconnue : « Porc ».' },
      {
        row: 5,
        column: 'Prix (F CFA)',
        message: 'Le prix doit être un nombre entier positif (en francs CFA).',
      },
      { row: 5, column: 'Unité', message: 'L’unité doit être « kg » ou « unité ».' },
      { row: 5, column: 'Actif', message: 'Actif doit être « oui » ou « non ».' },
      { row: 6, column: 'Nom', message: 'Nom en double : « entrecote » figure déjà à la ligne 2.' },
    ])
    const refused = await upload(superSn, 'import', file)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toMatch(
      /aucun produit n’a été ajouté : 5 erreurs\. Ligne 5, colonne « Catégorie » : Catégorie inconnue/,
    )
    expect(refused.json().fieldErrors['ligne 6']).toEqual([
      'Nom : Nom en double : « entrecote » figure déjà à la ligne 2.',
    ])
    expect(await productCount(snId)).toBe(before)
  })

  it('imports every row of a good file, in the caller’s country, in one go', async () => {
    const before = await productCount(snId)
    const res = await upload(superSn, 'import', GOOD)
    expect(res.statusCode).toBe(200)
    expect(decode<ProductImportAnswer>(res.body)).toMatchObject({ rows: 3, imported: 3, errors: [] })
    expect(await productCount(snId)).toBe(before + 3)
    const rows = await t.db
      .select()
      .from(products)
      .where(sql`country_id = ${snId} and name in ('Entrecôte', 'Poulet fermier', 'Merguez')`)
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]))
    expect(byName['Entrecôte']).toMatchObject({
      pricePerUnit: 12500,
      unitType: 'kg',
      minQuantity: 0.5,
      isActive: true,
      description: 'Tendre; persillée',
    })
    expect(byName['Poulet fermier']).toMatchObject({ unitType: 'unit', minQuantity: 1, isActive: false })
    expect(byName['Merguez']).toMatchObject({ minQuantity: 1.5, description: 'Épicées\nmaison' })
    // The same file again: every row names a product of the catalogue now, and changes nothing.
    const again = decode<ProductImportAnswer>((await upload(superSn, 'preview', GOOD)).body)
    expect(again.errors).toEqual([])
    expect(again.preview.map((r) => [r.row, r.action, r.changes])).toEqual([
      [2, 'unchanged', []],
      [3, 'unchanged', []],
      [4, 'unchanged', []],
    ])
  })

  it('updates the products a row names, by number or name, with a preview of what changes; all or nothing', async () => {
    const [entrecote] = await t.db
      .select()
      .from(products)
      .where(sql`country_id = ${snId} and name = 'Entrecôte'`)
    const before = await productCount(snId)
    const file = [
      'N° produit;Nom;Prix (F CFA);Unité;Quantité minimale;Description;Actif',
      `${entrecote!.id};Entrecôte maturée;13 900;kg;0,5;Tendre et persillée;oui`,
      ';POULET FERMIER;6500;unité;1;;oui',
      ';Brochettes;3000;unité;2;;oui',
    ].join('\r\n')
    const preview = decode<ProductImportAnswer>((await upload(superSn, 'preview', file)).body)
    expect(preview.errors).toEqual([])
    expect(preview.preview.map((r) => [r.name, r.action, r.changes])).toEqual([
      [
        'Entrecôte maturée',
        'update',
        [
          { field: 'Nom', from: 'Entrecôte', to: 'Entrecôte maturée' },
          { field: 'Prix', from: '12\u202f500\u00a0F\u202fCFA', to: '13\u202f900\u00a0F\u202fCFA' },
          { field: 'Description', from: 'Tendre; persillée', to: 'Tendre et persillée' },
        ],
      ],
      [
        'POULET FERMIER',
        'update',
        [
          { field: 'Prix', from: '6\u202f000\u00a0F\u202fCFA', to: '6\u202f500\u00a0F\u202fCFA' },
          { field: 'Actif', from: 'non', to: 'oui' },
        ],
      ],
      ['Brochettes', 'create', []],
    ])
    // Preview wrote nothing.
    const [still] = await t.db
      .select()
      .from(products)
      .where(sql`id = ${entrecote!.id}`)
    expect(still!.pricePerUnit).toBe(12_500)

    // One bad row: nothing is written, neither the updates nor the new product.
    const bad = `${file}\r\n;Inconnu;100;litre;1;;oui`
    const refused = await upload(superSn, 'import', bad)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fieldErrors['ligne 5']).toEqual(['Unité : L’unité doit être « kg » ou « unité ».'])
    expect(
      (
        await t.db
          .select()
          .from(products)
          .where(sql`id = ${entrecote!.id}`)
      )[0]!.pricePerUnit,
    ).toBe(12_500)
    expect(await productCount(snId)).toBe(before)

    const res = await upload(superSn, 'import', file)
    expect(res.statusCode, res.body).toBe(200)
    expect(decode<ProductImportAnswer>(res.body)).toMatchObject({ imported: 1, updated: 2 })
    expect(await productCount(snId)).toBe(before + 1)
    const [after] = await t.db
      .select()
      .from(products)
      .where(sql`id = ${entrecote!.id}`)
    expect(after).toMatchObject({
      name: 'Entrecôte maturée',
      pricePerUnit: 13_900,
      description: 'Tendre et persillée',
    })
    const [poulet] = await t.db
      .select()
      .from(products)
      .where(sql`country_id = ${snId} and name = 'Poulet fermier'`)
    // Matched by name, case aside: its name is kept, its price and state change.
    expect(poulet).toMatchObject({ pricePerUnit: 6_500, isActive: true })

    // A file without a Description column leaves descriptions as they are; a product named twice is refused.
    const prices = ['Nom;Prix;Unité', 'Entrecôte maturée;14000;kg'].join('\r\n')
    expect(decode<ProductImportAnswer>((await upload(superSn, 'import', prices)).body).updated).toBe(1)
    expect(
      (
        await t.db
          .select()
          .from(products)
          .where(sql`id = ${entrecote!.id}`)
      )[0],
    ).toMatchObject({
      pricePerUnit: 14_000,
      description: 'Tendre et persillée',
    })
    const twice = [
      'N° produit;Nom;Prix;Unité',
      `${entrecote!.id};Entrecôte;14000;kg`,
      ';Entrecôte maturée;14000;kg',
    ].join('\r\n')
    const t2 = decode<ProductImportAnswer>((await upload(superSn, 'preview', twice)).body)
    expect(t2.errors).toEqual([{ row: 3, column: 'Nom', message: 'Ce produit figure déjà à la ligne 2.' }])
  })

  it('an exported catalogue reads back as a file of the same format', async () => {
    const exported = (await get(t, '/_api/admin/products/export', superSn)).body
    const p = decode<ProductImportAnswer>((await upload(superMl, 'preview', exported)).body)
    expect(p.errors).toEqual([])
    expect(p.rows).toBeGreaterThan(3)
  })

  it('keeps a super admin to its country, and root must name one', async () => {
    expect((await upload(superSn, 'preview', GOOD, mlId)).statusCode).toBe(404)
    const before = await productCount(mlId)
    expect((await upload(root, 'import', GOOD, mlId)).statusCode).toBe(200)
    expect(await productCount(mlId)).toBe(before + 3)
    const noCountry = await upload(root, 'preview', GOOD)
    expect(noCountry.statusCode).toBe(400)
    expect(noCountry.json().error).toBe('Veuillez sélectionner un pays.')
    expect((await upload(adminSn, 'preview', GOOD)).statusCode).toBe(403)
  })

  it('refuses in French a file that is not UTF-8 CSV, or lacks a column', async () => {
    const latin1 = await upload(
      superSn,
      'preview',
      Buffer.from('Nom;Prix;Unité\r\nCôte;100;kg\r\n', 'latin1'),
    )
    expect(latin1.statusCode).toBe(400)
    expect(latin1.json().error).toMatch(/UTF-8/)
    const unclosed = await upload(superSn, 'preview', 'Nom;Prix;Unité\r\n"Côte;100;kg\r\n')
    expect(unclosed.json().error).toMatch(/mal formé/)
    const missing = await upload(superSn, 'preview', 'Nom;Unité\r\nCôte;kg\r\n')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toMatch(/^Colonne manquante : « Prix \(F CFA\) »/)
    const empty = await upload(superSn, 'preview', 'Nom;Prix;Unité\r\n')
    expect(empty.json().error).toMatch(/aucun produit/)
    expect((await upload(superSn, 'maybe' as 'preview', GOOD)).statusCode).toBe(400)
  })
})
