import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { COUNT_CAP } from '@/shared/schemas/common'
import type { Executor } from './client'

/** A LIKE pattern matching `search` anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * `column` contains `search`, accents, case and the œ/æ ligatures aside (docs/rules/catalogue.md#search):
 * both sides folded by etal_fold (migration 0013), which the trigram indexes hold for the
 * searches by name and email (`etal_fold(display_name)`, …), so that the search stays indexed.
 */
export const containsFolded = (column: SQLWrapper, search: string): SQL =>
  sql`etal_fold(${column}) like etal_fold(${containing(search)})`

/**
 * Counts a filtered query's rows exactly up to COUNT_CAP, and reports COUNT_CAP beyond: the
 * subquery stops reading at COUNT_CAP + 1 rows, so no count scans a large table.
 */
export async function cappedCount(db: Executor, query: PgSelect): Promise<number> {
  const capped = query.limit(COUNT_CAP + 1).as('capped')
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped)
  return Math.min(Number(row?.n ?? 0), COUNT_CAP)
}

/**
 * Orders rows by a name as French does ('Bénin' before 'Burkina Faso', 'Épaule' before
 * 'Faux-filet'), on PostgreSQL and on the embedded database alike, whatever their collation:
 * by the name folded (accents, case and ligatures aside: etal_fold, as the searches), then by the
 * name itself to part names that fold the same. Every list of names sorted by the database uses
 * it; one sorted in JavaScript uses `compareFrench` (src/shared/format.ts). docs/rules/api.md#names.
 */
export const byName = (column: SQLWrapper): SQL[] => [sql`etal_fold(${column})`, sql`${column}`]
