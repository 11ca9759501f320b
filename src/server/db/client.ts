import { mkdirSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { listenPostgres, type Listening } from './listener'
import { createOutageLog } from './outage'
import { projectRoot } from '../paths'
import { processLog } from '../runtime/log-output'
import * as schema from './schema'

type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Either the database or a transaction: what services take. */
export type Executor = Db | Tx

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** node-postgres pool, on PostgreSQL only (the login limiter stores its counts there). */
  pool?: pg.Pool
  migrate(): Promise<void>
  /** Runs fn while holding a database-wide lock (instances starting together migrate one at a time). */
  exclusively<T>(fn: () => Promise<T>): Promise<T>
  /**
   * LISTEN on a channel: PostgreSQL on a connection of its own that reconnects (db/listener.ts),
   * PGlite in the process. `onConnect` runs at every (re)connection (PostgreSQL only).
   */
  listen(channel: string, onMessage: (payload: string) => void, onConnect?: () => void): Promise<Listening>
  /** PGlite only: the data directory as an archive, which `openDatabase`'s `template` takes. */
  dumpDataDir?(): Promise<Blob>
  close(): Promise<void>
}

const STARTUP_LOCK = 7_461_532

/** PGlite loads its extensions at start: pg_trgm backs the ILIKE searches (migration 0001). */
const extensions = { pg_trgm }

export const migrationsFolder = resolve(projectRoot, 'drizzle')

/**
 * The SQL functions as they run (src/server/db/functions.sql), applied after the migrations at
 * every start: the file, not the migration that first created a function, is what runs.
 */
export const functionsFile = resolve(projectRoot, 'src/server/db/functions.sql')
const liveFunctions = () => readFileSync(functionsFile, 'utf8')

/** Renders a raw statement as the database's own drizzle does: a column by its snake_case name. */
const rawDialect = new PgDialect({ casing: 'snake_case' })

/**
 * A raw statement as a named prepared statement: PostgreSQL parses and plans it once per
 * connection rather than at every call (checkout's hot path, decision 0011). The text of a name must
 * never vary: everything that changes goes in parameters. Rows as `db.execute` gives them.
 */
export async function executeNamed<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(rawDialect.sqlToQuery(query), undefined, name, false)
  const result = (await prepared.execute()) as { rows: T[] }
  return result.rows
}

/** Whether the URL names a PostgreSQL server (else the embedded database, PGlite). */
export const isPostgresUrl = (url: string) => url.startsWith('postgres://') || url.startsWith('postgresql://')

/**
 * Picks the driver from the URL: postgres://… → a pool; memory: → PGlite in memory; else PGlite
 * on disk. `template`: an in-memory PGlite starts from this data directory (a `dumpDataDir()`
 * archive) instead of an empty cluster, which skips initdb: the test suite migrates once and
 * starts every file's database from that copy (tests/setup/global.ts).
 */
export function openDatabase(url: string, opts: { template?: Blob } = {}): Database {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.PG_POOL_SIZE ?? 10),
      // A server that does not answer (a dead host, a cut network) fails the request in 5 s
      // (503) rather than holding it until the client gives up.
      connectionTimeoutMillis: 5_000,
    })
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query. Logged with the outage, once per interval.
    const idleLost = createOutageLog()
    pool.on('error', (err) => idleLost.failed(processLog(), err, { source: 'idle database connection lost' }))
    // A connection dropped while it is checked out (inside a transaction: pg-pool listens only to
    // idle ones) emits 'error' too; unheard, that event would crash the process. The statement it
    // was running fails with the same error and its request answers 503, so nothing more to say here.
    pool.on('connect', (client) => client.on('error', () => undefined))
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      pool,
      async migrate() {
        await migratePg(drizzlePg(pool, { casing: 'snake_case' }), { migrationsFolder })
        await pool.query(liveFunctions())
      },
      async exclusively(fn) {
        const conn = await pool.connect()
        try {
          await conn.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
          return await fn()
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined)
          conn.release()
        }
      },
      listen: (channel, onMessage, onConnect) => listenPostgres({ url, channel, onMessage, onConnect }),
      close: () => pool.end(),
    }
  }
  let client: PGlite
  if (url === 'memory:' || url === 'memory://') {
    client = new PGlite({ extensions, ...(opts.template ? { loadDataDir: opts.template } : {}) })
  } else {
    const path = resolve(url.replace(/^file:(\/\/)?/, ''))
    mkdirSync(dirname(path), { recursive: true })
    client = new PGlite(path, { extensions })
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder })
      await client.exec(liveFunctions())
    },
    // One process owns an embedded database: nothing to share it with.
    exclusively: (fn) => fn(),
    dumpDataDir: () => client.dumpDataDir('none'),
    async listen(channel, onMessage) {
      const stop = await client.listen(channel, onMessage)
      let on = true
      return {
        get listening() {
          return on
        },
        async close() {
          on = false
          await stop().catch(() => undefined)
        },
      }
    },
    close: () => client.close(),
  }
}
