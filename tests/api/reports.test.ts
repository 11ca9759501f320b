import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'csv-parse/sync'
import { orders, products } from '../../src/server/db/schema'
import type { DashboardTrend, ProductImportAnswer } from '../../src/shared/schemas/reports'
import { EXPORT_BATCH } from '../../src/server/services/money/reports/orders-csv'
import { foldRollups } from '../../src/server/services/money/stats'
import { countryByCode, createProduct, createUser, decode, get, insertOrder, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The dashboards' trend, the CSV exports and the product import (docs/rules/money.md#reports).
 */
let t: TestApp
let root: string, superSn: string, adminSn: string, adminMl: string, superMl: string
let snId: number, mlId: number, mlOrder: number
const BOM = '\uFEFF'
/** Orders of Sénégal: more than two batches, so that the export reads several. */
const SN_ORDERS = EXPORT_BATCH * 2 + 7

beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root', 'SN')).cookie
  superSn = (await signedIn(t, 'super_admin', 'SN')).cookie
  superMl = (await signedIn(t, 'super_admin', 'ML')).cookie
  adminSn = (await signedIn(t, 'admin', 'SN')).cookie
  adminMl = (await signedIn(t, 'admin', 'ML')).cookie
  snId = (await countryByCode(t.db, 'SN')).id
  mlId = (await countryByCode(t.db, 'ML')).id
  const sn = await createUser(t.db, { role: 'client', country: 'SN' })
  const ml = await createUser(t.db, { role: 'client', country: 'ML' })
  const beef = await createProduct(t.db, { country: 'SN', name: 'Bœuf; "extra"', pricePerUnit: 5000 })
  const sheep = await createProduct(t.db, {
    country: 'ML',
    name: 'Mouton',
    pricePerUnit: 80000,
    unitType: 'unit',
  })
  const first = await insertOrder(t.db, { userId: sn.id, lines: [{ product: beef, quantity: 2 }] })
  // A name with every character CSV must escape, and one a spreadsheet would run as a formula.
  await t.db
    .update(orders)
    .set({ customerName: 'Awa "la reine"; Diop\nbis', deliveryAddress: '=1+1' })
    .where(sql`id = ${first.id}`)
  // Many more, with the same instant for some (the cursor is (created_at, id)).
  const at = new Date()
  await t.db
    .execute(sql`insert into orders (user_id, country_id, city_id, zone_id, status, subtotal_amount, total_amount,
      delivery_address, delivery_city, delivery_country, delivery_phone, zone_name, customer_name, created_at)
    select user_id, country_id, city_id, zone_id, case when g % 3 = 0 then 'delivered'::order_status else 'pending'::order_status end,
      1000 + g, 1000 + g, 'Rue 2', delivery_city, delivery_country, delivery_phone, zone_name, 'Client ' || g,
      ${at.toISOString()}::timestamptz - (g % 50) * interval '1 hour'
    from orders, generate_series(1, ${SN_ORDERS - 1}) g where orders.id = ${first.id}`)
  mlOrder = (
    await insertOrder(t.db, { userId: ml.id, lines: [{ product: sheep, quantity: 1 }], status: 'cancelled' })
  ).id
  await foldRollups(t.db)
})
afterAll(() => t.close())

const csvOf = (body: string) => {
  expect(body.startsWith(BOM)).toBe(true)
  return parse(body.slice(1), { delimiter: ';', relax_column_count: false }) as string[][]
}

describe('GET /_api/admin/orders/export', () => {
  it('streams every order of the list, not a page: BOM, ; and French headings, escaping, whole francs', async () => {
    const res = await get(t, '/_api/admin/orders/export', superSn)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="commandes-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const rows = csvOf(res.body)
    expect(rows[0]).toEqual(
      expect.arrayContaining(['N° commande', 'Date', 'Fuseau horaire', 'Client', 'Total (F CFA)']),
    )
    expect(rows).toHaveLength(SN_ORDERS + 1)
    // Each order once, newest first, across the batches.
    const ids = rows.slice(1).map((r) => Number(r[0]))
    expect(new Set(ids).size).toBe(SN_ORDERS)
    const awa = rows.find((r) => r[3]?.startsWith('Awa'))!
    expect(awa[3]).toBe('Awa "la reine"; Diop\nbis')
    expect(awa[8]).toBe("'=1+1")
    expect(awa[2]).toBe('Africa/Dakar')
    expect(awa[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
    expect(awa[rows[0]!.indexOf('Total (F CFA)')]).toBe('10000')
    expect(res.body).toContain('"Awa ""la reine""; Diop\nbis"')
  })

  it('applies the list’s filters', async () => {
    const rows = csvOf((await get(t, '/_api/admin/orders/export?status=delivered', superSn)).body)
    expect(rows.length - 1).toBe(Math.floor((SN_ORDERS - 1) / 3))
    expect(rows.slice(1).every((r) => r[9] === 'Livrée')).toBe(true)
    // A search: the same orders as the list's.
    const search = csvOf((await get(t, '/_api/admin/orders/export?search=Awa', superSn)).body)
    const list = decode<{ orders: { id: number }[] }>(
      (await get(t, '/_api/admin/orders?search=Awa&limit=100', superSn)).body,
    )
    expect(search.slice(1).map((r) => Number(r[0]))).toEqual(list.orders.map((o) => o.id))
    expect(search.length).toBeGreaterThan(1)
    const byId = csvOf((await get(t, `/_api/admin/orders/export?search=%23${mlOrder}`, root)).body)
    expect(byId).toHaveLength(2)
  })

  it('gives an admin its own country only, root every country or one', async () => {
    const ml = csvOf((await get(t, '/_api/admin/orders/export', adminMl)).body)
    expect(ml).toHaveLength(2)
    expect(ml[1]![9]).toBe('Annulée')
    const otherCountry = csvOf((await get(t, '/_api/admin/orders/export?country=Mali', adminSn)).body)
    expect(otherCountry).toHaveLength(SN_ORDERS + 1)
    expect(csvOf((await get(t, '/_api/admin/orders/export', root)).body)).toHaveLength(SN_ORDERS + 2)
    expect(csvOf((await get(t, '/_api/admin/orders/export?country=Mali', root)).body)).toHaveLength(2)
  })

  it('refuses bad filters in French and other roles', async () => {
    const bad = await get(t, '/_api/admin/orders/export?status=nope', superSn)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatch(/Statut de commande invalide/)
    expect((await get(t, '/_api/admin/orders/export')).statusCode).toBe(401)
    const client = (await signedIn(t, 'client', 'SN')).cookie
    expect((await get(t, '/_api/admin/orders/export', client)).statusCode).toBe(403)
  })
})

describe('GET /_api/admin/products/export', () => {
  it('writes the catalogue in the import’s format: decimal comma, unit in French', async () => {
    const rows = csvOf((await get(t, '/_api/admin/products/export', superSn)).body)
    expect(rows[0]).toEqual([
      'N° produit',
      'Nom',
      'Catégorie',
      'Prix (F CFA)',
      'Unité',
      'Quantité minimale',
      'Description',
      'Actif',
      'Pays',
      'Origine',
      'Halal',
      'Jour d’abattage',
      'Préparations',
    ])
    const beef = rows.find((r) => r[1] === 'Bœuf; "extra"')!
    expect(beef.slice(3, 6)).toEqual(['5000', 'kg', '0,5'])
    expect(rows.every((r, i) => i === 0 || r[8] === 'Sénégal')).toBe(true)
  })

  it('keeps a super admin to its country (another: 404); root chooses', async () => {
    expect((await get(t, `/_api/admin/products/export?countryId=${mlId}`, superSn)).statusCode).toBe(404)
    const ml = csvOf((await get(t, `/_api/admin/products/export?countryId=${mlId}`, root)).body)
    expect(ml.slice(1).map((r) => r[1])).toEqual(['Mouton'])
    expect((await get(t, '/_api/admin/products/export', adminSn)).statusCode).toBe(403)
  })
})

const upload = (cookie: string, mode: 'preview' | 'import', text: string | Buffer, countryId?: number) =>
  t.app.inject({
    method: 'POST',
    url: `/_api/admin/products/import?mode=${mode}${countryId ? `&countryId=${countryId}` : ''}`,
    payload: typeof text === 'string' ? Buffer.from(text) : text,
    headers: { cookie, 'content-type': 'application/octet-stream' },
  })
const productCount = async (countryId: number) =>
  Number(
    (
      (await t.db.execute(
        sql`select count(*)::int as n from products where country_id = ${countryId}`,
      )) as unknown as {
        rows: { n: number }[]
      }
    ).rows[0]!.n,
  )

const GOOD = [
  'Nom;Catégorie;Prix (F CFA);Unité;Quantité minimale;Description;Actif',
  'Entrecôte;Bœuf;12 500;kg;0,5;"Tendre; persillée";oui',
  'Poulet fermier;volaille;6000;unité;1;;non',
  'Merguez;Grillades;4500;KG;1,5;"Épicées\nmaison";',
].join('\r\n')

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

describe('GET /_api/dashboard/trend', () => {
  it('gives every day of the period, orders by status and best products, from the rollups', async () => {
    const d = decode<DashboardTrend>((await get(t, '/_api/dashboard/trend?days=7', superSn)).body)
    expect(d.days).toHaveLength(7)
    expect(d.days.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10))
    const recount = (await t.db
      .execute(sql`select count(*)::int as n, coalesce(sum(total_amount) filter (where status <> 'cancelled'), 0)::float8 as revenue
      from orders where country_id = ${snId} and created_at >= ${d.days[0]!.day}::date`)) as unknown as {
      rows: { n: number; revenue: number }[]
    }
    expect(d.days.reduce((s, x) => s + x.orders, 0)).toBe(recount.rows[0]!.n)
    expect(d.days.reduce((s, x) => s + x.revenue, 0)).toBe(recount.rows[0]!.revenue)
    expect(d.byStatus.find((s) => s.status === 'delivered')!.orders).toBe(Math.floor((SN_ORDERS - 1) / 3))
    expect(d.byStatus.reduce((s, x) => s + x.orders, 0)).toBe(SN_ORDERS)
    expect(d.topProducts[0]!.productName).toBe('Bœuf; "extra"')
  })

  it('keeps staff to their country; root reads all or one', async () => {
    expect((await get(t, `/_api/dashboard/trend?countryId=${mlId}`, adminSn)).statusCode).toBe(404)
    const ml = decode<DashboardTrend>((await get(t, `/_api/dashboard/trend?countryId=${mlId}`, root)).body)
    expect(ml.byStatus.find((s) => s.status === 'cancelled')!.orders).toBe(1)
    expect(ml.days).toHaveLength(30)
    const all = decode<DashboardTrend>((await get(t, '/_api/dashboard/trend?days=90', root)).body)
    expect(all.byStatus.reduce((s, x) => s + x.orders, 0)).toBe(SN_ORDERS + 1)
    const bad = await get(t, '/_api/dashboard/trend?days=12', root)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('La période doit être de 7, 30 ou 90 jours.')
  })
})
