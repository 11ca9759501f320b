import { Redis } from 'ioredis'
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import type pg from 'pg'

export type LoginLimiter = {
  /** Seconds to wait when this email and IP have failed too often, else 0. */
  blockedFor(key: string): Promise<number>
  fail(key: string): Promise<void>
  reset(key: string): Promise<void>
  close(): Promise<void>
}

type Options = { maxFailures: number; windowMinutes: number; pool?: pg.Pool; redisUrl?: string }

/**
 * Failed logins counted per email and client IP, where every instance sees them: Redis when
 * REDIS_URL is set, else PostgreSQL when the app runs on it, else memory (embedded database).
 */
export async function createLoginLimiter(opts: Options): Promise<LoginLimiter> {
  const base = { points: opts.maxFailures, duration: opts.windowMinutes * 60, keyPrefix: 'login_fail' }
  let limiter: RateLimiterAbstract
  let redis: Redis | undefined
  if (opts.redisUrl) {
    redis = new Redis(opts.redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 2 })
    limiter = new RateLimiterRedis({ ...base, storeClient: redis })
  } else if (opts.pool) {
    const pool = opts.pool
    limiter = await new Promise<RateLimiterAbstract>((resolve, reject) => {
      const l: RateLimiterPostgres = new RateLimiterPostgres(
        { ...base, storeClient: pool, storeType: 'pool', tableName: 'login_failures', clearExpiredByTimeout: true },
        (err?: unknown) => (err ? reject(err) : resolve(l)),
      )
    })
  } else {
    limiter = new RateLimiterMemory(base)
  }
  return {
    async blockedFor(key) {
      const res = await limiter.get(key)
      if (!res || res.consumedPoints < opts.maxFailures) return 0
      return Math.max(1, Math.ceil(res.msBeforeNext / 1000))
    },
    async fail(key) {
      await limiter.penalty(key, 1)
    },
    async reset(key) {
      await limiter.delete(key)
    },
    async close() {
      redis?.disconnect()
    },
  }
}
