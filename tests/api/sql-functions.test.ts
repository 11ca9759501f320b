import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { functionsFile } from '../../src/server/db/client'
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
