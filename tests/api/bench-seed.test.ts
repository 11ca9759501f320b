import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedLarge } from '../../bench/seed-large'
import { createTestApp, type TestApp } from '../setup/test-app'

// docs/decisions/0016: the benchmark's bulk loader builds data the app itself would have written.
describe('bench/seed-large', () => {
  let t: TestApp
  const size = { orders: 300, products: 120, clients: 400, contacts: 30 }
  const one = async <T>(q: ReturnType<typeof sql>) =>
    ((await t.db.execute(q)) as unknown as { rows: T[] }).rows[0]!

  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false' })
    await seedLarge(t.db, size, () => {})
  })
  afterAll(async () => t.close())

  it('loads the requested counts', async () => {
    const c = await one<Record<string, number>>(sql`select (select count(*) from orders)::int as orders,
      (select count(*) from products)::int as products, (select count(*) from users where role = 'client')::int as clients,
      (select count(*) from contact_messages)::int as contacts, (select count(*) from countries)::int as countries`)
    expect(c).toEqual({ ...size, countries: 18 })
  })

  it('gives every order 2 to 5 lines of its own country, and amounts that add up', async () => {
    const bad = await one<Record<string, number>>(sql`select
      (select count(*) from (select order_id, count(*) n from order_items group by order_id) x where n < 2 or n > 5)::int as line_counts,
      (select count(*) from orders o where o.subtotal_amount <> (select sum(total_price) from order_items i where i.order_id = o.id))::int as subtotals,
      (select count(*) from orders where total_amount <> subtotal_amount - discount_amount - points_discount_amount)::int as totals,
      (select count(*) from order_items i join orders o on o.id = i.order_id join products p on p.id = i.product_id where p.country_id <> o.country_id)::int as countries,
      (select count(*) from order_items where total_price <> round(unit_price * quantity))::int as line_totals`)
    expect(bad).toEqual({ line_counts: 0, subtotals: 0, totals: 0, countries: 0, line_totals: 0 })
  })

  it('keeps each balance equal to its ledger, and earns points only on delivered orders', async () => {
    const bad = await one<Record<string, number>>(sql`select
      (select count(*) from users u where loyalty_points <> coalesce((select sum(points) from loyalty_transactions l where l.user_id = u.id), 0))::int as balances,
      (select count(*) from orders where points_earned > 0 and status <> 'delivered')::int as earned,
      (select count(*) from orders where status = 'delivered' and payment_status <> 'paid')::int as unpaid,
      (select count(*) from orders o where not exists (select 1 from order_events e where e.order_id = o.id and e.type = 'created'))::int as events`)
    expect(bad).toEqual({ balances: 0, earned: 0, unpaid: 0, events: 0 })
  })

  it('leaves the order sequence after the loaded ids', async () => {
    const next = await one<{ id: number }>(
      sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
    )
    expect(next.id).toBe(size.orders + 1)
  })

  it('refuses a database that already has users', async () => {
    await expect(seedLarge(t.db, size, () => {})).rejects.toThrow('fresh database')
  })
})
