import type { Config } from './config'
import { openDatabase, type Database } from './db/client'
import { seed } from './seed'
import { createLoginLimiter, type LoginLimiter } from './http/login-limiter'
import { createPhotoQueue, type PhotoQueue } from './services/catalogue/photos/queue'
import { loadPaymentFakes } from './dev-fakes'
import { createPayments, type Payments } from './services/money/payments/connect'
import { createPhotoStore, type PhotoStore } from './services/catalogue/photos/store'
import { createStorefrontCache, type StorefrontCache } from './services/catalogue/storefront-cache'
import { createOrderLive, type OrderLive } from './services/orders/order-live'
import { createStorefrontSync } from './services/catalogue/storefront-sync'

/** What every endpoint and page is given (`deps` in an endpoint's handler). */
export type AppDeps = {
  database: Database
  config: Config
  loginLimiter: LoginLimiter
  /** Password reset requests, per identifier and per client IP (docs/rules/people.md#accounts). */
  resetLimiter: { identifier: LoginLimiter; ip: LoginLimiter }
  storefrontCache: StorefrontCache
  /** Where the product photos' bytes are (docs/rules/catalogue.md#photos). */
  photos: PhotoStore
  /** Uploaded photos processed a few at a time, a short queue, then 503 (docs/security/outside-attack.md item 7). */
  photoQueue: PhotoQueue
  /** The mobile money providers (docs/rules/money.md#payments). */
  payments: Payments
  /** The live orders this instance streams to its browsers (docs/rules/orders.md#live). */
  orderLive: OrderLive
}

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
  const { loginLimiter, resetLimiter } = await database.exclusively(async () => {
    if (opts.prepare !== false) await prepareDatabase(database, config, opts)
    const store = { pool: database.pool, redisUrl: config.REDIS_URL }
    return {
      loginLimiter: await createLoginLimiter({
        maxFailures: config.LOGIN_MAX_FAILURES,
        windowMinutes: config.LOGIN_WINDOW_MINUTES,
        ...store,
      }),
      resetLimiter: {
        identifier: await createLoginLimiter({
          maxFailures: config.RESET_PER_IDENTIFIER,
          windowMinutes: config.RESET_WINDOW_MINUTES,
          keyPrefix: 'reset_id',
          ...store,
        }),
        ip: await createLoginLimiter({
          maxFailures: config.RESET_PER_IP,
          windowMinutes: config.RESET_WINDOW_MINUTES,
          keyPrefix: 'reset_ip',
          ...store,
        }),
      },
    }
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
  // The fakes are loaded only when asked for, outside production (never in the server's bundle).
  const payments = await createPayments(
    config,
    config.payments.fake && config.NODE_ENV !== 'production' ? await loadPaymentFakes() : undefined,
  )
  const orderLive = createOrderLive(database, {
    perAccount: config.LIVE_STREAMS_PER_ACCOUNT,
    perIp: config.LIVE_STREAMS_PER_IP,
    max: config.LIVE_STREAMS_MAX,
    checkMs: config.LIVE_SESSION_CHECK_SECONDS * 1000,
  })
  await orderLive.ready
  return {
    database,
    config,
    loginLimiter,
    resetLimiter,
    storefrontCache,
    photos: createPhotoStore(config, database.db),
    photoQueue: createPhotoQueue({ concurrency: config.PHOTO_CONCURRENCY, queueMax: config.PHOTO_QUEUE_MAX }),
    payments,
    orderLive,
    async close() {
      orderLive.endAll()
      await orderLive.close()
      await payments.close()
      await sync?.close()
      await loginLimiter.close()
      await resetLimiter.identifier.close()
      await resetLimiter.ip.close()
      await database.close()
    },
  }
}

/** Migrations, then reference (and demo) data; the caller holds the start-up lock. */
export async function prepareDatabase(database: Database, config: Config, opts: { seed?: boolean } = {}) {
  await database.migrate()
  if (opts.seed !== false) await seed(database.db, config, createPhotoStore(config, database.db))
}
