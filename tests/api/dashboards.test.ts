import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminDashboard, RootDashboard } from '../../src/shared/schemas/dashboards'
import { countryByCode, insertOrder, createProduct, createUser, decode, get, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * A known data set: Sénégal has 3 orders (one cancelled), Mali 2, spread over January and
 * February 2026. Revenue = sum of totalAmount of the orders that are not cancelled.
 */
let t: TestApp
let root: string, superSn: string, adminSn: string, adminMl: string, client: string
let mlId: number
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root', 'SN')).cookie
  superSn = (await signedIn(t, 'super_admin', 'SN')).cookie
  adminSn = (await signedIn(t, 'admin', 'SN')).cookie
  adminMl = (await signedIn(t, 'admin', 'ML')).cookie
  client = (await signedIn(t, 'client', 'SN')).cookie
  mlId = (await countryByCode(t.db, 'ML')).id
  const sn1 = await createUser(t.db, { role: 'client', country: 'SN' })
  await createUser(t.db, { role: 'client', country: 'SN', isActive: false })
  const ml1 = await createUser(t.db, { role: 'client', country: 'ML' })
  const beef = await createProduct(t.db, { country: 'SN', name: 'Bœuf', pricePerUnit: 5000, unitType: 'kg' })
  const chicken = await createProduct(t.db, {
    country: 'SN',
    name: 'Poulet',
    pricePerUnit: 4000,
    unitType: 'unit',
  })
  const sheep = await createProduct(t.db, {
    country: 'ML',
    name: 'Mouton',
    pricePerUnit: 80000,
    unitType: 'unit',
  })
  const day = (s: string) => new Date(`${s}T10:00:00Z`)
  // SN: 10 000 (2 kg beef) on Jan 10, 8 000 (2 chickens) on Feb 5, cancelled 5 000 on Feb 6.
  await insertOrder(t.db, {
    userId: sn1.id,
    lines: [{ product: beef, quantity: 2 }],
    createdAt: day('2026-01-10'),
    status: 'delivered',
  })
  await insertOrder(t.db, {
    userId: sn1.id,
    lines: [{ product: chicken, quantity: 2 }],
    createdAt: day('2026-02-05'),
  })
  await insertOrder(t.db, {
    userId: sn1.id,
    lines: [{ product: beef, quantity: 1 }],
    createdAt: day('2026-02-06'),
    status: 'cancelled',
  })
  // ML: 80 000 on Jan 20; 160 000 less a 10 % discount (144 000) on Feb 10.
  await insertOrder(t.db, {
    userId: ml1.id,
    lines: [{ product: sheep, quantity: 1 }],
    createdAt: day('2026-01-20'),
  })
  await insertOrder(t.db, {
    userId: ml1.id,
    lines: [{ product: sheep, quantity: 2 }],
    createdAt: day('2026-02-10'),
    totalAmount: 144000,
  })
})
afterAll(() => t.close())

const root$ = async (q = '') => decode<RootDashboard>((await get(t, `/_api/dashboard/root${q}`, root)).body)

describe('GET /_api/dashboard/admin', () => {
  it('gives a super_admin its own country: revenue without cancelled orders, every order, active customers', async () => {
    const d = decode<AdminDashboard>((await get(t, '/_api/dashboard/admin', superSn)).body)
    expect(d.summary).toEqual({ totalRevenue: 18000, totalOrders: 3, activeUsers: 2 })
    expect(d.recentOrders.map((o) => o.totalAmount)).toEqual([5000, 8000, 10000])
    expect(d.recentOrders[0]).toMatchObject({ status: 'cancelled', customerName: 'Client Test' })
    expect(d.recentOrders[0]!.createdAt).toBeInstanceOf(Date)
  })
  it('scopes admins to their country and gives root everything', async () => {
    expect(decode<AdminDashboard>((await get(t, '/_api/dashboard/admin', adminMl)).body).summary).toEqual({
      totalRevenue: 224000,
      totalOrders: 2,
      activeUsers: 1,
    })
    expect(
      decode<AdminDashboard>((await get(t, '/_api/dashboard/admin', adminSn)).body).summary.totalOrders,
    ).toBe(3)
    const all = decode<AdminDashboard>((await get(t, '/_api/dashboard/admin', root)).body)
    expect(all.summary).toMatchObject({ totalRevenue: 242000, totalOrders: 5 })
    expect(all.recentOrders).toHaveLength(5)
  })
  it('refuses clients and visitors', async () => {
    expect((await get(t, '/_api/dashboard/admin', client)).statusCode).toBe(403)
    expect((await get(t, '/_api/dashboard/admin')).statusCode).toBe(401)
  })
})

describe('GET /_api/dashboard/root', () => {
  it('sums everything without filters and breaks it down by country', async () => {
    const d = await root$()
    expect(d.globalSummary.totalRevenue).toBe(242000)
    expect(d.globalSummary.totalOrders).toBe(5)
    expect(d.countryBreakdown[0]).toMatchObject({
      countryName: 'Mali',
      totalRevenue: 224000,
      totalOrders: 2,
      activeUsers: 1,
    })
    expect(d.countryBreakdown[1]).toMatchObject({
      countryName: 'Sénégal',
      totalRevenue: 18000,
      totalOrders: 3,
      activeUsers: 2,
    })
    expect(d.countryBreakdown).toHaveLength(18)
    expect(d.countries).toHaveLength(18)
    // The breakdown agrees with the summary.
    expect(d.countryBreakdown.reduce((s, c) => s + c.totalRevenue, 0)).toBe(d.globalSummary.totalRevenue)
    expect(
      d.productPerformance.map((p) => [p.productName, p.totalQuantitySold, p.totalRevenue, p.countryName]),
    ).toEqual([
      ['Mouton', 3, 240000, 'Mali'],
      ['Bœuf', 2, 10000, 'Sénégal'],
      ['Poulet', 2, 8000, 'Sénégal'],
    ])
  })
  it('filters by country', async () => {
    const d = await root$(`?countryId=${mlId}`)
    expect(d.globalSummary).toMatchObject({ totalRevenue: 224000, totalOrders: 2 })
    expect(d.countryBreakdown.map((c) => c.countryName)).toEqual(['Mali'])
    expect(d.productPerformance.map((p) => p.productName)).toEqual(['Mouton'])
    expect(d.countries).toHaveLength(18)
  })
  it('filters by dates, the end day included', async () => {
    const feb = await root$('?startDate=2026-02-01&endDate=2026-02-06')
    expect(feb.globalSummary).toMatchObject({ totalRevenue: 8000, totalOrders: 2 })
    const janMl = await root$(`?countryId=${mlId}&startDate=2026-01-01&endDate=2026-01-31`)
    expect(janMl.globalSummary).toMatchObject({ totalRevenue: 80000, totalOrders: 1 })
    const iso = await root$('?startDate=2026-02-10T00:00:00.000Z')
    expect(iso.globalSummary).toMatchObject({ totalRevenue: 144000, totalOrders: 1 })
    const same = await root$('?startDate=2026-01-10&endDate=2026-01-10')
    expect(same.globalSummary.totalRevenue).toBe(10000)
  })
  it('says when the start is after the end, and refuses bad filters', async () => {
    const res = await get(t, '/_api/dashboard/root?startDate=2026-03-01&endDate=2026-02-01', root)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('La date de début doit être antérieure à la date de fin')
    expect((await get(t, '/_api/dashboard/root?startDate=hier', root)).json().error).toBe(
      'La date est invalide.',
    )
    expect((await get(t, '/_api/dashboard/root?countryId=0', root)).json().error).toBe(
      'Le pays est invalide.',
    )
  })
  it('is root only', async () => {
    expect((await get(t, '/_api/dashboard/root', superSn)).statusCode).toBe(403)
    expect((await get(t, '/_api/dashboard/root', adminSn)).statusCode).toBe(403)
    expect((await get(t, '/_api/dashboard/root')).statusCode).toBe(401)
  })
})
