import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { parse } from 'csv-parse/sync'
import { orders } from '../../src/server/db/schema'
import { EXPORT_BATCH } from '../../src/server/services/money/reports/orders-csv'
import { foldRollups } from '../../src/server/services/money/stats'
import { countryByCode, createProduct, createUser, insertOrder, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * What the report files share (reports.test.ts, reports-import.test.ts): an app with orders of two
 * countries (more than two export batches of Sénégal), its staff, and the import's helpers.
 */
export let t: TestApp
export let root: string, superSn: string, adminSn: string, adminMl: string, superMl: string
export let snId: number, mlId: number, mlOrder: number
export const BOM = '\uFEFF'
/** Orders of Sénégal: more than two batches, so that the export reads several. */
export const SN_ORDERS = EXPORT_BATCH * 2 + 7

/**
 * This file's own app and callers. Called at the top of each file: the API files share their
 * worker's modules (vitest.config.ts), so the hooks are registered per file.
 */
export function useReportsApp() {
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
      await insertOrder(t.db, {
        userId: ml.id,
        lines: [{ product: sheep, quantity: 1 }],
        status: 'cancelled',
      })
    ).id
    await foldRollups(t.db)
  })
  afterAll(() => t.close())
}

export const csvOf = (body: string) => {
  expect(body.startsWith(BOM)).toBe(true)
  return parse(body.slice(1), { delimiter: ';', relax_column_count: false }) as string[][]
}

export const upload = (
  cookie: string,
  mode: 'preview' | 'import',
  text: string | Buffer,
  countryId?: number,
) =>
  t.app.inject({
    method: 'POST',
    url: `/_api/admin/products/import?mode=${mode}${countryId ? `&countryId=${countryId}` : ''}`,
    payload: typeof text === 'string' ? Buffer.from(text) : text,
    headers: { cookie, 'content-type': 'application/octet-stream' },
  })
export const productCount = async (countryId: number) =>
  Number(
    (
      (await t.db.execute(
        sql`select count(*)::int as n from products where country_id = ${countryId}`,
      )) as unknown as {
        rows: { n: number }[]
      }
    ).rows[0]!.n,
  )

export const GOOD = [
  'Nom;Catégorie;Prix (F CFA);Unité;Quantité minimale;Description;Actif',
  'Entrecôte;Bœuf;12 500;kg;0,5;"Tendre; persillée";oui',
  'Poulet fermier;volaille;6000;unité;1;;non',
  'Merguez;Grillades;4500;KG;1,5;"Épicées\nmaison";',
].join('\r\n')
