import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { DashboardTrend } from '../../src/shared/schemas/reports'
import { decode, get, signedIn } from '../factories'
import {
  t,
  root,
  superSn,
  adminSn,
  adminMl,
  snId,
  mlId,
  mlOrder,
  SN_ORDERS,
  csvOf,
  useReportsApp,
} from './reports-setup'

/**
 * The dashboards' trend and the CSV exports (docs/rules/money.md#reports); the product import in
 * reports-import.test.ts.
 */

useReportsApp()

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
