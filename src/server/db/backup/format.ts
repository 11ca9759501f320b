/**
 * The backup file (docs/decisions/0060-backups.md): gzip of JSON lines, the same whichever the
 * driver, so a backup of the embedded database restores into PostgreSQL and back.
 *
 *   ["etal-backup", header]          the first line: format version, date, migrations applied
 *   ["table", { name, columns }]     then, for each table of the public schema,
 *   { …a row… }                      its rows as row_to_json writes them, by primary key,
 *   ["rows", { name, count }]        and how many there were
 *   ["end", { sequences }]           the last line: without it, the file is incomplete
 *
 * A control line is an array, a row an object: the first character tells them apart, so a row is
 * never parsed, only passed on to PostgreSQL.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { migrationsFolder, type Executor } from '../client'

export const FORMAT = 'etal-backup'
export const FORMAT_VERSION = 1

export type Migration = { tag: string | null; hash: string; createdAt: number }
export type SequenceState = {
  name: string
  table: string
  column: string
  lastValue: number
  isCalled: boolean
}

export type Header = {
  version: number
  createdAt: string
  source: 'pglite' | 'postgres'
  migrations: Migration[]
  /** Where the product photos were: 's3' means the bucket is not in this file. */
  photos: 'database' | 's3'
}

/** Rate-limiter counters the server makes at run time on PostgreSQL: nothing worth keeping. */
export const TRANSIENT_TABLES = new Set(['login_failures'])

/**
 * Tables a migration fills by itself (the shop's settings row, drizzle/0016): a database only
 * migrated, by a server's first start or a failed restore, still counts as empty.
 */
export const MIGRATION_ROWS = new Set(['shop_settings'])

/** The migrations this code knows, in order, with their names (drizzle/meta/_journal.json). */
export function codeMigrations(): (Migration & { sql: string[] })[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[]
  }
  const tags = new Map(journal.entries.map((e) => [e.when, e.tag]))
  return readMigrationFiles({ migrationsFolder }).map((m) => ({
    tag: tags.get(m.folderMillis) ?? null,
    hash: m.hash,
    createdAt: m.folderMillis,
    sql: m.sql,
  }))
}

/** The migrations applied to a database, oldest first (none when it was never migrated). */
export async function appliedMigrations(db: Executor): Promise<Migration[]> {
  const [exists] = await rows<{ t: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  )
  if (!exists?.t) return []
  const applied = await rows<{ hash: string; created_at: string }>(
    db,
    sql`select hash, created_at::text from drizzle.__drizzle_migrations order by created_at, id`,
  )
  const tags = new Map(codeMigrations().map((m) => [m.createdAt, m.tag]))
  return applied.map((m) => ({
    tag: tags.get(Number(m.created_at)) ?? null,
    hash: m.hash,
    createdAt: Number(m.created_at),
  }))
}

export type TableInfo = { name: string; columns: string[]; key: string[]; hasBytes: boolean }

/** Every ordinary table of the public schema: its columns that can be written, and its primary key. */
export async function publicTables(db: Executor): Promise<TableInfo[]> {
  const list = await rows<{ name: string; columns: string[]; key: string[] | null; has_bytes: boolean }>(
    db,
    sql`select c.relname as name,
          array(select a.attname::text from pg_attribute a
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                order by a.attnum) as columns,
          (select array(select a.attname::text from unnest(i.indkey) with ordinality k(n, o)
                        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.n order by k.o)
           from pg_index i where i.indrelid = c.oid and i.indisprimary) as key,
          exists(select 1 from pg_attribute a where a.attrelid = c.oid and a.attnum > 0
                 and a.atttypid = 'bytea'::regtype) as has_bytes
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by 1`,
  )
  return list.map((t) => ({ name: t.name, columns: t.columns, key: t.key ?? [], hasBytes: t.has_bytes }))
}

/** The sequences owned by a column of a public table (serial and identity columns). */
export async function ownedSequences(db: Executor): Promise<Omit<SequenceState, 'lastValue' | 'isCalled'>[]> {
  return rows(
    db,
    sql`select s.relname as name, t.relname as "table", a.attname as "column"
        from pg_class s
        join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
          and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
        join pg_class t on t.oid = d.refobjid
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        join pg_namespace n on n.oid = s.relnamespace
        where s.relkind = 'S' and n.nspname = 'public'
        order by 1`,
  )
}

export async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

/** A name as SQL: "public"."name", quoted. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`
export const qualified = (name: string) => `"public".${ident(name)}`

/** The operator's error: its French message is all the command prints. */
export class BackupError extends Error {}
