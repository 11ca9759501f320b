import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { preparations } from '../../src/server/db/schema'
import { countryByCode, createProduct, decode, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// What preparations.test.ts and preparations-checkout.test.ts share: the app, its callers and helpers.

// docs/rules/catalogue.md#preparations, docs/rules/orders.md#preparations, decision 0051: a country's
// list of preparations, what a product offers of it, the line's preparation priced by the
// checkout's rule (per unit, discounted and weighed like the meat), refused when not offered,
// kept on the line as it was.

export type Line = {
  id: number
  productId: number
  productName: string
  quantity: number
  unitPrice: number
  totalPrice: number
  weighedQuantity: number | null
  preparationId: number | null
  preparationName: string | null
  preparationPrice: number
}
export type Order = {
  id: number
  subtotalAmount: number
  discountAmount: number
  totalAmount: number
  items: Line[]
}

export let t: TestApp
export let root: string
export let superSn: string
export let superMl: string
export let admin: string
/**
 * This file's own app and callers. Called at the top of each file: the API files share their
 * worker's modules (vitest.config.ts), so the hooks are registered per file.
 */
export function usePreparationsApp() {
  beforeAll(async () => {
    t = await createTestApp()
    root = (await signedIn(t, 'root', 'SN')).cookie
    superSn = (await signedIn(t, 'super_admin', 'SN')).cookie
    superMl = (await signedIn(t, 'super_admin', 'ML')).cookie
    admin = (await signedIn(t, 'admin', 'SN')).cookie
  })
  afterAll(() => t.close())
}

/** The id of a preparation of a country's list, by name. */
export async function prep(code: string, name: string) {
  const country = await countryByCode(t.db, code)
  const [row] = await t.db
    .select()
    .from(preparations)
    .where(and(eq(preparations.countryId, country.id), eq(preparations.name, name)))
  return row!.id
}

/** "Gigot d'agneau" at 6 500 F the kg, offering Entier (default, free), Découpé en morceaux (+300 F/kg), Haché (+500 F/kg). */
export async function gigot() {
  const p = await createProduct(t.db, {
    name: `Gigot d'agneau ${Math.random().toString(36).slice(2, 7)}`,
    pricePerUnit: 6500,
    unitType: 'kg',
    minQuantity: 1,
  })
  const res = await post(
    t,
    '/_api/admin/products/update',
    {
      id: p.id,
      preparations: [
        { preparationId: await prep('SN', 'Entier'), price: 0, isDefault: true },
        { preparationId: await prep('SN', 'Découpé en morceaux'), price: 300 },
        { preparationId: await prep('SN', 'Haché'), price: 500 },
      ],
    },
    superSn,
  )
  expect(res.statusCode, res.body).toBe(200)
  return p
}

export const order = (res: { body: string }) => decode<{ order: Order }>(res.body).order
export const countOrders = async () =>
  Number(
    ((await t.db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  )
