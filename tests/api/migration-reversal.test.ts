import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * Migration 0012 turns the points taken back from an order that left "delivered", stored until
 * then as "earned" with a negative amount, into "reversed" rows (docs/rules/money.md#points): a
 * database migrated up to 0011 holding such a row is migrated on, and the row is read back.
 */
const dir = mkdtempSync(join(tmpdir(), 'etal-migrations-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('migration 0012 (loyalty reversals)', () => {
  it('makes the negative "earned" rows "reversed" and leaves the others', async () => {
    cpSync('drizzle', dir, { recursive: true })
    const journalPath = join(dir, 'meta/_journal.json')
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
    const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0012_'))
    expect(upTo).toBeGreaterThan(0)
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }))

    const client = new PGlite({ extensions: { pg_trgm } })
    const db = drizzle(client)
    await migrate(db, { migrationsFolder: dir })
    const { rows } = await client.query<{ id: number }>(
      `insert into users (email, password_hash, display_name, role) values ('a@b.sn', 'x', 'A', 'client') returning id`,
    )
    const userId = rows[0]!.id
    await client.query(
      `insert into loyalty_transactions (user_id, transaction_type, points, description) values
        ($1, 'earned', 120, 'gagnés'), ($1, 'earned', -120, 'repris'), ($1, 'redeemed', -30, 'utilisés'), ($1, 'bonus', 30, 'bonus')`,
      [userId],
    )
    await migrate(db, { migrationsFolder: 'drizzle' })
    const after = await client.query<{ transaction_type: string; points: number }>(
      'select transaction_type, points from loyalty_transactions order by id',
    )
    expect(after.rows.map((r) => `${r.transaction_type}:${r.points}`)).toEqual([
      'earned:120',
      'reversed:-120',
      'redeemed:-30',
      'bonus:30',
    ])
    await client.close()
  }, 60_000)
})
