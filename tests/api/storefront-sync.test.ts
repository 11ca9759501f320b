import pg from 'pg'
import { freshPgDatabase } from '../../scripts/pg-database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStorefrontCache } from '../../src/server/services/catalogue/storefront-cache'
import {
  createStorefrontSync,
  STOREFRONT_CHANNEL,
  type StorefrontSync,
} from '../../src/server/services/catalogue/storefront-sync'
import { pgBase, pgTitle } from '../setup/postgres-only'

/** LISTEN/NOTIFY between instances' storefront caches, and the listener's reconnection. */
describe.skipIf(!pgBase)(pgTitle('storefront invalidation across instances (PostgreSQL)'), () => {
  const dbName = `etal_sync_${process.pid}`
  let url: string
  let pool: pg.Pool
  const syncs: StorefrontSync[] = []
  const logs: string[] = []

  beforeAll(async () => {
    const u = new URL((await freshPgDatabase(pgBase!, dbName, { throwaway: true })).url)
    url = u.toString()
    pool = new pg.Pool({ connectionString: url, max: 2 })
  })

  afterAll(async () => {
    await Promise.all(syncs.map((s) => s.close()))
    await pool?.end()
    const admin = new pg.Client({ connectionString: pgBase })
    await admin.connect()
    await admin.query(`drop database if exists ${dbName} with (force)`)
    await admin.end()
  })

  /** An instance: its cache, its sync, and how often the sync dropped the cache. */
  async function instance() {
    const state = { drops: 0 }
    const sync = createStorefrontSync({
      url,
      pool,
      onRemoteWrite: () => {
        state.drops += 1
        cache.invalidate()
      },
      retryMs: { min: 50, max: 200 },
      log: (msg) => logs.push(msg),
    })
    const cache = createStorefrontCache({ ttlMs: 600_000, publish: sync.publish })
    syncs.push(sync)
    await sync.ready
    return { cache, sync, state }
  }

  const until = async (ok: () => boolean, what: string) => {
    for (const end = Date.now() + 15_000; Date.now() < end; await new Promise((r) => setTimeout(r, 20)))
      if (ok()) return
    throw new Error(`timed out: ${what}`)
  }

  it('a write on one instance drops the cache of the other, not its own twice', async () => {
    const a = await instance()
    const b = await instance()
    expect(a.sync.listening && b.sync.listening).toBe(true)
    // Connecting drops the cache once: nothing was heard before.
    expect([a.state.drops, b.state.drops]).toEqual([1, 1])
    let version = 'v1'
    const read = (c: typeof a.cache) => c.get('products', async () => ({ version }))
    expect((await read(a.cache)).text).toContain('v1')
    expect((await read(b.cache)).text).toContain('v1')
    version = 'v2'
    await a.cache.afterWrite()
    expect((await read(a.cache)).text).toContain('v2')
    await until(() => b.state.drops === 2, 'b hears a')
    expect((await read(b.cache)).text).toContain('v2')
    await new Promise((r) => setTimeout(r, 200))
    expect(a.state.drops).toBe(1) // its own notification is ignored
  })

  it('reconnects after its connection is killed, drops its cache then, and hears again', async () => {
    const a = await instance()
    const b = await instance()
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query ilike $1`,
        [`listen ${STOREFRONT_CHANNEL}`],
      )
      expect(rowCount).toBeGreaterThanOrEqual(2)
    } finally {
      await admin.end()
    }
    await until(
      () => a.state.drops === 2 && b.state.drops === 2 && a.sync.listening && b.sync.listening,
      'both reconnect',
    )
    expect(logs).toContain('storefront listener lost, reconnecting')
    await a.cache.afterWrite()
    await until(() => b.state.drops === 3, 'b hears a after reconnecting')
  })

  it('stops listening and reconnecting once closed', async () => {
    const a = await instance()
    await a.sync.close()
    expect(a.sync.listening).toBe(false)
    const before = a.state.drops
    await new Promise((r) => setTimeout(r, 300))
    expect(a.state.drops).toBe(before)
  })
})
