import type { Config } from './config'
import { openDatabase } from './db/client'
import { seed } from './db/seed'
import type { AppDeps } from './http/define-endpoint'
import { createLoginLimiter } from './http/login-limiter'
import { createStorefrontCache } from './services/storefront-cache'

/** Opens the database, applies migrations, loads reference (and demo) data, builds the limiter. */
export async function createDeps(config: Config, opts: { seed?: boolean } = {}): Promise<AppDeps & { close(): Promise<void> }> {
  const database = openDatabase(config.DATABASE_URL)
  await database.exclusively(async () => {
    await database.migrate()
    if (opts.seed !== false) await seed(database.db, config)
  })
  const loginLimiter = await createLoginLimiter({
    maxFailures: config.LOGIN_MAX_FAILURES,
    windowMinutes: config.LOGIN_WINDOW_MINUTES,
    pool: database.pool,
    redisUrl: config.REDIS_URL,
  })
  return {
    database,
    config,
    loginLimiter,
    storefrontCache: createStorefrontCache({ ttlMs: config.STOREFRONT_CACHE_MS }),
    async close() {
      await loginLimiter.close()
      await database.close()
    },
  }
}
