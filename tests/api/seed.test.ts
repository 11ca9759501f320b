import { and, eq, isNull, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seed } from '../../src/server/seed'
import { demoAccounts } from '../../src/server/seed/demo-data'
import {
  cashEntries,
  countries,
  loyaltyTransactions,
  orders,
  products,
  users,
} from '../../src/server/db/schema'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' })
})
afterAll(() => t.close())

describe('reference and demo data', () => {
  it('loads the 18 countries, one account per role, orders in every status, products of both units in 3+ countries', async () => {
    expect(await t.db.$count(countries)).toBe(18)
    const roles = await t.db.selectDistinct({ role: users.role }).from(users)
    expect(roles.map((r) => r.role).sort()).toEqual([
      'admin',
      'client',
      'delivery_driver',
      'root',
      'super_admin',
    ])
    const statuses = await t.db.selectDistinct({ status: orders.status }).from(orders)
    expect(statuses.map((s) => s.status).sort()).toEqual([
      'cancelled',
      'delivered',
      'in_delivery',
      'in_preparation',
      'pending',
    ])
    const productCountries = await t.db.selectDistinct({ c: products.countryId }).from(products)
    expect(productCountries.length).toBeGreaterThanOrEqual(3)
    const units = await t.db.selectDistinct({ u: products.unitType }).from(products)
    expect(units).toHaveLength(2)
  })

  it('gives every country with staff a driver and orders in every status, some of them waiting for a driver', async () => {
    const rows = await t.db.execute<{ country_id: number; role: string }>(
      sql`select distinct country_id, role from ${users} where role in ('admin', 'super_admin', 'delivery_driver')`,
    )
    const list = (rows as unknown as { rows: { country_id: number; role: string }[] }).rows
    const staffed = [...new Set(list.filter((r) => r.role !== 'delivery_driver').map((r) => r.country_id))]
    expect(staffed.length).toBeGreaterThanOrEqual(2)
    for (const countryId of staffed) {
      expect(
        list.some((r) => r.country_id === countryId && r.role === 'delivery_driver'),
        `driver in ${countryId}`,
      ).toBe(true)
      const statuses = await t.db
        .selectDistinct({ status: orders.status })
        .from(orders)
        .where(eq(orders.countryId, countryId))
      expect(statuses.map((s) => s.status).sort(), `statuses in ${countryId}`).toEqual([
        'cancelled',
        'delivered',
        'in_delivery',
        'in_preparation',
        'pending',
      ])
      const unassigned = await t.db.$count(
        orders,
        and(eq(orders.countryId, countryId), isNull(orders.deliveryDriverId), eq(orders.status, 'pending')),
      )
      expect(unassigned, `orders to assign in ${countryId}`).toBeGreaterThan(0)
    }
  })

  it('keeps every balance equal to the sum of its ledger', async () => {
    const rows = await t.db.execute<{ id: number; balance: number; ledger: number }>(
      sql`select u.id, u.loyalty_points as balance, coalesce(sum(l.points), 0)::int as ledger
          from ${users} u left join ${loyaltyTransactions} l on l.user_id = u.id group by u.id`,
    )
    for (const r of (rows as unknown as { rows: { balance: number; ledger: number }[] }).rows)
      expect(Number(r.balance)).toBe(Number(r.ledger))
  })

  it('gives Sénégal’s driver cash in hand: several deliveries and one handover with an écart', async () => {
    const [driver] = await t.db.select().from(users).where(eq(users.email, 'livreur@etal.demo'))
    const entries = await t.db
      .select()
      .from(cashEntries)
      .where(eq(cashEntries.driverId, driver!.id))
      .orderBy(cashEntries.id)
    expect(entries.filter((e) => e.type === 'collected').length).toBeGreaterThanOrEqual(3)
    const handovers = entries.filter((e) => e.type === 'handover')
    expect(handovers).toHaveLength(1)
    expect(-handovers[0]!.amount - handovers[0]!.heldBefore!).toBe(-500)
    let running = 0
    for (const e of entries) {
      if (e.type === 'handover') expect(e.heldBefore).toBe(running)
      running += e.amount
    }
    expect(running).toBeGreaterThan(500)
  })

  it('gives every demo product its category’s drawn picture, served as the uploads are (docs/rules/catalogue-pictures.md#demo-pictures)', async () => {
    const rows = await t.db.select({ key: products.photoKey, category: products.categoryId }).from(products)
    expect(rows.length).toBeGreaterThan(10)
    expect(rows.every((r) => r.key)).toBe(true)
    // One drawing per category: products of one category share it, two categories differ.
    const keys = new Map(rows.map((r) => [r.category, r.key]))
    expect(new Set(keys.values()).size).toBe(keys.size)
    expect(keys.size).toBeGreaterThanOrEqual(6)
    const res = await t.app.inject({ url: `/images/products/${rows[0]!.key}/640.webp` })
    expect(res.statusCode).toBe(200)
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 })
  })

  it('adds nothing when run again', async () => {
    const before = {
      u: await t.db.$count(users),
      o: await t.db.$count(orders),
      p: await t.db.$count(products),
    }
    await seed(t.db, { seedDemo: true, LOYALTY_POINT_VALUE: 1 })
    expect({
      u: await t.db.$count(users),
      o: await t.db.$count(orders),
      p: await t.db.$count(products),
    }).toEqual(before)
    expect(await t.db.$count(users)).toBe(demoAccounts.length)
  })
})
