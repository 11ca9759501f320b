import { sql } from 'drizzle-orm'

/*
 * The database's snapshot, as PostgreSQL describes it (`pg_current_snapshot()`, in its text form
 * `xmin:xmax:xip,…`): which transactions a statement started now sees as committed. Two equal
 * snapshots see the same committed transactions, hence the same rows; a commit anywhere, from this
 * process or from another instance, changes it (it moves xmax or leaves the in-progress list), and
 * a read-only transaction never does. So an answer read under one snapshot may be given again to
 * any request whose snapshot is the same, without hearing of writes at all (docs/decisions/0086).
 *
 * Every signed-in request reads it for free, as a column of its session's lookup
 * (http/session.ts): `requestSnapshot` (http/auth-context.ts) gives it to the handler.
 */
export const snapshotColumn = sql<string>`pg_current_snapshot()::text`
