import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../src/server/db/schema'
import { countryByCode, createProduct, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
let root: string
let ml: number
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root')).cookie
  ml = (await countryByCode(t.db, 'ML')).id
})
afterAll(() => t.close())

const rows = (ids: number[]) => t.db.select().from(products).where(inArray(products.id, ids))

describe('POST /_api/admin/products/bulk-actions', () => {
  it('activates and deactivates a mixed selection, leaving archived and unknown ids alone', async () => {
    const on = await createProduct(t.db, { country: 'SN', isActive: true })
    const off = await createProduct(t.db, { country: 'ML', isActive: false })
    const archived = await createProduct(t.db, { country: 'SN', isActive: false })
    await post(t, '/_api/admin/products/delete', { id: archived.id }, root)
    const ids = [on.id, off.id, archived.id, 999999]
    const res = await post(
      t,
      '/_api/admin/products/bulk-actions',
      { action: 'toggle_active', isActive: true, productIds: ids },
      root,
    )
    expect(res.statusCode).toBe(200)
    expect(decode(res.body)).toEqual({
      count: 2,
      summary: '2 produit(s) activé(s). 2 produit(s) ignoré(s) (introuvable(s) ou archivé(s)).',
    })
    const after = await rows(ids)
    expect(after.find((p) => p.id === on.id)!.isActive).toBe(true)
    expect(after.find((p) => p.id === off.id)!.isActive).toBe(true)
    expect(after.find((p) => p.id === archived.id)!.isActive).toBe(false)
    const down = await post(
      t,
      '/_api/admin/products/bulk-actions',
      { action: 'toggle_active', isActive: false, productIds: [on.id, off.id] },
      root,
    )
    expect(decode(down.body)).toEqual({ count: 2, summary: '2 produit(s) désactivé(s).' })
    expect((await rows([on.id, off.id])).every((p) => !p.isActive)).toBe(true)
  })

  it('moves a selection from several countries to one country', async () => {
    const a = await createProduct(t.db, { country: 'SN' })
    const b = await createProduct(t.db, { country: 'CI' })
    const c = await createProduct(t.db, { country: 'ML' })
    const res = await post(
      t,
      '/_api/admin/products/bulk-actions',
      { action: 'move_to_country', targetCountryId: ml, productIds: [a.id, b.id, c.id] },
      root,
    )
    expect(decode(res.body)).toEqual({ count: 3, summary: '3 produit(s) déplacé(s) vers Mali.' })
    expect((await rows([a.id, b.id, c.id])).every((p) => p.countryId === ml)).toBe(true)
    const listed = decode<{ products: { id: number }[] }>(
      (await get(t, '/_api/admin/products?country=Mali', root)).body,
    ).products
    expect(listed.map((p) => p.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]))
    expect(
      (
        await post(
          t,
          '/_api/admin/products/bulk-actions',
          { action: 'move_to_country', targetCountryId: 999999, productIds: [a.id] },
          root,
        )
      ).statusCode,
    ).toBe(404)
  })

  it.each([
    [
      { action: 'toggle_active', isActive: true, productIds: [] },
      'Veuillez sélectionner au moins un produit.',
    ],
    [{ action: 'toggle_active', isActive: true }, 'Veuillez sélectionner au moins un produit.'],
    [{ action: 'toggle_active', productIds: [1] }, 'Le statut (actif ou inactif) est requis.'],
    [{ action: 'move_to_country', productIds: [1] }, 'Le pays cible est requis.'],
    [{ action: 'move_to_country', productIds: [1], targetCountryId: 0 }, 'Le pays cible est requis.'],
    [{ action: 'delete_all', productIds: [1] }, "L'action doit être toggle_active ou move_to_country."],
  ])('refuses %j with its message', async (body, message) => {
    const p = await createProduct(t.db, { country: 'SN', isActive: false })
    const res = await post(
      t,
      '/_api/admin/products/bulk-actions',
      { ...body, productIds: 'productIds' in body ? body.productIds : undefined },
      root,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(message)
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id))
    expect(row!.isActive).toBe(false)
  })

  it('refuses a super_admin and an admin (403) and a visitor (401)', async () => {
    const p = await createProduct(t.db, { country: 'SN', isActive: false })
    const body = { action: 'toggle_active', isActive: true, productIds: [p.id] }
    for (const role of ['super_admin', 'admin'] as const) {
      expect(
        (await post(t, '/_api/admin/products/bulk-actions', body, (await signedIn(t, role)).cookie))
          .statusCode,
      ).toBe(403)
    }
    expect((await post(t, '/_api/admin/products/bulk-actions', body)).statusCode).toBe(401)
    expect((await rows([p.id]))[0]!.isActive).toBe(false)
  })
})

describe('GET /_api/admin/product-stats-by-country', () => {
  it('counts total, active and inactive products per country, archived ones left out', async () => {
    // Gabon and Tchad have no product in this file but these.
    await createProduct(t.db, { country: 'GA', isActive: true })
    await createProduct(t.db, { country: 'GA', isActive: true })
    await createProduct(t.db, { country: 'GA', isActive: false })
    const gone = await createProduct(t.db, { country: 'GA', isActive: true })
    await createProduct(t.db, { country: 'TD', isActive: false })
    await post(t, '/_api/admin/products/delete', { id: gone.id }, root)
    const res = await get(t, '/_api/admin/product-stats-by-country', root)
    expect(res.statusCode).toBe(200)
    const { stats } = decode<{ stats: { countryName: string; countryId: number }[] }>(res.body)
    const ga = await countryByCode(t.db, 'GA')
    const td = await countryByCode(t.db, 'TD')
    expect(stats.find((s) => s.countryName === 'Gabon')).toEqual({
      countryId: ga.id,
      countryName: 'Gabon',
      totalProducts: 3,
      activeProducts: 2,
      inactiveProducts: 1,
    })
    expect(stats.find((s) => s.countryName === 'Tchad')).toEqual({
      countryId: td.id,
      countryName: 'Tchad',
      totalProducts: 1,
      activeProducts: 0,
      inactiveProducts: 1,
    })
    expect(stats.find((s) => s.countryName === 'Niger')).toBeUndefined()
    expect(stats.map((s) => s.countryName)).toEqual(
      [...stats.map((s) => s.countryName)].sort((a, b) => a.localeCompare(b)),
    )
  })

  it('refuses a super_admin (403) and a visitor (401)', async () => {
    expect(
      (await get(t, '/_api/admin/product-stats-by-country', (await signedIn(t, 'super_admin')).cookie))
        .statusCode,
    ).toBe(403)
    expect((await get(t, '/_api/admin/product-stats-by-country')).statusCode).toBe(401)
  })
})
