import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * Migration 0031 (docs/rules/money.md#partly-paid, decision 0054): each order gets what was paid of
 * it, and a delivered cash order whose drivers collected less than its total becomes partly paid.
 * A database migrated up to 0030 holding such orders is migrated on, and they are read back.
 */
const dir = mkdtempSync(join(tmpdir(), 'etal-migrations-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('migration 0031 (partly paid)', () => {
  it('keeps what was paid and makes a short delivered order partly paid', async () => {
    cpSync('drizzle', dir, { recursive: true })
    const journalPath = join(dir, 'meta/_journal.json')
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
    const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0031_'))
    expect(upTo).toBeGreaterThan(0)
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }))

    const client = new PGlite({ extensions: { pg_trgm } })
    const db = drizzle(client)
    await migrate(db, { migrationsFolder: dir })
    const one = async (q: string, params: unknown[] = []) =>
      (await client.query<{ id: number }>(q, params)).rows[0]!.id
    const country = await one(
      `insert into countries (name, code, currency, dial_code) values ('Testland', 'TL', 'XOF', '+999') returning id`,
    )
    const city = await one(`insert into cities (name, country_id) values ('Ville', $1) returning id`, [
      country,
    ])
    const zone = await one(`insert into zones (name, city_id) values ('Zone', $1) returning id`, [city])
    const user = await one(
      `insert into users (email, password_hash, display_name, role) values ('c@t.tl', 'x', 'C', 'client') returning id`,
    )
    const driver = await one(
      `insert into users (email, password_hash, display_name, role, country_id) values ('d@t.tl', 'x', 'D', 'delivery_driver', $1) returning id`,
      [country],
    )
    const order = (status: string, payment: string, method: string, total: number) =>
      one(
        `insert into orders (user_id, country_id, city_id, zone_id, status, payment_status, payment_method,
          subtotal_amount, total_amount, delivery_address, delivery_city, delivery_country, delivery_phone,
          zone_name, customer_name, delivery_driver_id)
        values ($1, $2, $3, $4, $5, $6, $7, $8, $8, 'Rue 1', 'Ville', 'Testland', '+999 1', 'Zone', 'C', $9) returning id`,
        [user, country, city, zone, status, payment, method, total, driver],
      )
    const short = await order('delivered', 'paid', 'cash', 9_000)
    const whole = await order('delivered', 'paid', 'cash', 5_000)
    const noDriverCash = await order('delivered', 'paid', 'cash', 4_000)
    const mobile = await order('delivered', 'paid', 'mobile_money', 7_000)
    const pending = await order('pending', 'pending', 'cash', 3_000)
    const refunded = await order('cancelled', 'refunded', 'cash', 6_000)
    const collect = (orderId: number, amount: number, due: number) =>
      client.query(
        `insert into cash_entries (driver_id, country_id, order_id, type, amount, amount_due, reason, actor_id)
        values ($1, $2, $3, 'collected', $4, $5, $6, $1)`,
        [driver, country, orderId, amount, due, amount === due ? null : 'court'],
      )
    await collect(short, 8_000, 9_000)
    await collect(whole, 5_000, 5_000)
    await collect(refunded, 6_000, 6_000)

    await migrate(db, { migrationsFolder: 'drizzle' })
    const after = await client.query<{ id: number; payment_status: string; amount_paid: number }>(
      'select id, payment_status, amount_paid from orders order by id',
    )
    expect(after.rows.map((r) => [r.id, r.payment_status, r.amount_paid])).toEqual([
      [short, 'partly_paid', 8_000],
      [whole, 'paid', 5_000],
      [noDriverCash, 'paid', 4_000],
      [mobile, 'paid', 7_000],
      [pending, 'pending', 0],
      [refunded, 'refunded', 6_000],
    ])
    // The new status is a value of the type (the column keeps its default).
    await client.query(`update orders set payment_status = 'partly_paid' where id = $1`, [pending])
    expect(
      (
        await client.query<{ d: string }>(`select column_default as d from information_schema.columns
        where table_name = 'orders' and column_name = 'payment_status'`)
      ).rows[0]!.d,
    ).toMatch(/^'pending'/)
    await client.close()
  }, 120_000)
})
