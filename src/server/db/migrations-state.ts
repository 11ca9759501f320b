import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { projectRoot } from '../paths'
import type { Db } from './client'

/**
 * The readiness rule's two numbers (docs/security/run-time.md "Health, readiness and the database going
 * away"): the database is ready once it has applied as many migrations as drizzle/ holds. Read
 * by `GET /_api/ready` (http/health.ts) and by `npm run doctor`.
 */
export const expectedMigrations = (
  JSON.parse(readFileSync(resolve(projectRoot, 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: unknown[]
  }
).entries.length

/** How many migrations the database has applied; throws when it does not answer (or was never migrated). */
export async function appliedMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0
}
