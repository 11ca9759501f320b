import type { Config } from './config'
import { openDatabase, type Database } from './db/client'
import { seed } from './db/seed'
import type { AppDeps } from './http/define-endpoint'
import { createLoginLimiter } from './http/login-limiter'
import { createPhotoStore } from './services/photos/store'
import { createStorefrontCache } from './services/storefront-cache'
import { createStorefrontSync } from './services/storefront-sync'

/**
 * Opens the database, applies migrations, loads reference (and demo) data, builds the limiter.
 * `prepare: false` (cluster workers, whose primary has done it) skips migrations and data.
 */
export async function createDeps(
  config: Config,
  opts: { seed?: boolean; prepare?: boolean; template?: Blob } = {},
): Promise<AppDeps & { close(): Promise<void> }> {
  const database = openDatabase(config.DATABASE_URL, opts.template ? { template: opts.template } : {})
  // Under the start-up lock: instances starting together would race to create the limiter's table.
  const loginLimiter = await database.exclusively(async () => {
    if (opts.prepare !== false) await prepareDatabase(database, config, opts)
    return createLoginLimiter({
      maxFailures: config.LOGIN_MAX_FAILURES,
      windowMinutes: config.LOGIN_WINDOW_MINUTES,
      pool: database.pool,
      redisUrl: config.REDIS_URL,
    })
  })
  // On PostgreSQL, the instances tell each other of storefront writes (LISTEN/NOTIFY).
  const sync =
    database.pool && config.STOREFRONT_CACHE_MS > 0
      ? createStorefrontSync({
          url: config.DATABASE_URL,
          pool: database.pool,
          onRemoteWrite: () => storefrontCache.invalidate(),
        })
      : undefined
  const storefrontCache = createStorefrontCache({ ttlMs: config.STOREFRONT_CACHE_MS, publish: sync?.publish })
  await sync?.ready
  return {
    database,
    config,
    loginLimiter,
    storefrontCache,
    photos: createPhotoStore(config, database.db),
    async close() {
      await sync?.close()
      await loginLimiter.close()
      await database.close()
    },
  }
}

/** Migrations, then reference (and demo) data; the caller holds the start-up lock. */
export async function prepareDatabase(database: Database, config: Config, opts: { seed?: boolean } = {}) {
  await database.migrate()
  if (opts.seed !== false) await seed(database.db, config)
}
