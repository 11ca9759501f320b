import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { functionsFile } from '../../src/server/db/client'
import { createProduct } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/** The functions of src/server/db/functions.sql: name and body, as PostgreSQL stores the body. */
function declared() {
  const text = readFileSync(functionsFile, 'utf8')
  const found = new Map<string, string>()
  for (const m of text.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\([\s\S]*?\bAS \$\$([\s\S]*?)\$\$;/g)) {
    expect(found.has(m[1]!), `${m[1]} is defined twice in functions.sql`).toBe(false)
    found.set(m[1]!, m[2]!)
  }
  return found
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

async function live() {
  const result = await t.db.execute(sql`
    select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.proname like 'etal\\_%' order by 1`)
  return new Map(
    (result as unknown as { rows: { name: string; body: string }[] }).rows.map((r) => [r.name, r.body]),
  )
}

describe('src/server/db/functions.sql', () => {
  it('is what the database runs: the same functions, with the same bodies', async () => {
    const file = declared()
    expect(file.size).toBeGreaterThanOrEqual(15)
    const db = await live()
    expect([...db.keys()].sort()).toEqual([...file.keys()].sort())
    for (const [name, body] of file) expect(db.get(name), name).toBe(body)
  })

  it('applies twice without a change, and after every migration', async () => {
    const before = await live()
    await t.deps.database.migrate()
    expect(await live()).toEqual(before)
  })

  it('etal_sold_out and etal_stock_left: sold out on its day when marked so or below its minimum; what is left of a daily quantity', async () => {
    const product = await createProduct(t.db, { name: 'Produit des fonctions' })
    const day = '2026-11-26'
    type Case = [outOfStock: boolean, on: string | null, daily: number | null, min: number, sold: number]
    const cases: [Case, boolean, number | null][] = [
      [[false, null, null, 1, 0], false, null],
      [[true, null, null, 1, 0], true, null],
      [[false, day, null, 1, 0], true, null],
      [[false, '2026-11-25', null, 1, 0], false, null],
      [[false, null, 5, 1, 3], false, 2],
      [[false, null, 5, 1, 4], false, 1],
      [[false, null, 5, 1.5, 4], true, 1],
      [[false, null, 5, 1, 5], true, 0],
      [[false, null, 5, 1, 7], true, 0],
      [[true, null, 5, 1, 0], true, 5],
    ]
    for (const [[outOfStock, on, daily, min, sold], soldOut, left] of cases) {
      await t.db.execute(sql`update products set out_of_stock = ${outOfStock}, out_of_stock_on = ${on}::date,
        daily_quantity = ${daily}::numeric, min_quantity = ${min}::numeric where id = ${product.id}`)
      const { rows } = (await t.db.execute(sql`
        select etal_sold_out(p, ${day}::date, ${sold}::numeric) as "soldOut",
          etal_stock_left(p, ${sold}::numeric)::float8 as "left"
        from products p where p.id = ${product.id}`)) as unknown as {
        rows: { soldOut: boolean; left: number | null }[]
      }
      expect(rows[0], JSON.stringify({ outOfStock, on, daily, min, sold })).toEqual({ soldOut, left })
    }
  })

  it("etal_slot_open: a day among those offered, before the slot's start less its cut-off, in the zone given", async () => {
    const { rows: made } = (await t.db.execute(sql`
      insert into delivery_slots (city_id, starts_at, ends_at, capacity, cutoff_minutes)
      select c.id, x.starts_at::time, x.ends_at::time, 5, x.cutoff
      from (select id from cities order by id limit 1) c,
        (values ('00:00', '02:00', 0, 1), ('00:01', '02:00', 1441, 2)) as x(starts_at, ends_at, cutoff, n)
      order by x.n
      returning id`)) as unknown as { rows: { id: number }[] }
    // The second closes a day and a minute before its start, 00:01: at 00:00 the day before.
    const [midnight, dayBefore] = made.map((r) => r.id)
    // [slot, days from today, expected]: the instants are those of the zone passed ('UTC' here).
    const cases: [number, number, boolean][] = [
      [midnight!, -1, false],
      [midnight!, 1, true],
      [midnight!, 2, true],
      [midnight!, 3, false],
      [dayBefore!, 1, false],
      [dayBefore!, 2, true],
    ]
    for (const [slotId, offset, open] of cases) {
      const { rows } = (await t.db.execute(sql`
        select etal_slot_open(s, (now() at time zone 'UTC')::date + ${offset}::int, 'UTC', 3) as open
        from delivery_slots s where s.id = ${slotId}`)) as unknown as { rows: { open: boolean }[] }
      expect(rows[0]!.open, `slot ${slotId}, day +${offset}`).toBe(open)
    }
  })

  it('holds the one SQL definition of a product sold out and of a slot open: no other SQL writes them', () => {
    const text = readFileSync(functionsFile, 'utf8')
    const soldOutByHand = /out_of_stock\s+or\b|outOfStock\}\s+or\b/i
    const openByHand = /make_interval\(\s*mins\s*=>/i
    expect(text).toMatch(soldOutByHand)
    expect(text).toMatch(openByHand)
    const offenders: string[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (/\.(ts|sql)$/.test(entry.name) && !path.endsWith('functions.sql')) {
          const source = readFileSync(path, 'utf8')
          if (soldOutByHand.test(source) || openByHand.test(source)) offenders.push(path)
        }
      }
    }
    walk('src/server')
    expect(offenders).toEqual([])
  })

  it('holds the one SQL definition of an order that sells: no other SQL compares a status to cancelled', () => {
    const text = readFileSync(functionsFile, 'utf8')
    expect(text.match(/'cancelled'/g)).toHaveLength(1)
    const offenders: string[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (/\.(ts|sql)$/.test(entry.name) && !path.endsWith('functions.sql')) {
          if (/status\s*(<>|!=|=)\s*'cancelled'/.test(readFileSync(path, 'utf8'))) offenders.push(path)
        }
      }
    }
    walk('src/server')
    expect(offenders).toEqual([])
  })
})
