import { Redis } from 'ioredis'
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import type pg from 'pg'

/**
 * At most LOGIN_MAX_FAILURES password checks per email and IP in a window (docs/rules/people.md#accounts,
 * docs/security/run-time.md "Login limit under a burst"). An attempt is reserved BEFORE the password is
 * checked, by one atomic increment that returns the new count (Redis INCR, PostgreSQL's
 * INSERT … ON CONFLICT … RETURNING, or memory), so a burst of parallel guesses cannot all pass a
 * "not blocked yet" check before any of them is counted. A sign-in that succeeds gives the
 * attempts back; a failed one keeps its reservation.
 */
export type LoginLimiter = {
  /** Takes one attempt for this key: 0 when granted, else the seconds to wait. */
  reserve(key: string): Promise<number>
  /** The sign-in succeeded: the key's attempts are given back. */
  reset(key: string): Promise<void>
  close(): Promise<void>
}

type Options = {
  maxFailures: number
  windowMinutes: number
  pool?: pg.Pool
  redisUrl?: string
  /** Another count in the same stores (the password resets': docs/rules/people.md#accounts). */
  keyPrefix?: string
}

/**
 * Failed logins counted per email and client IP, where every instance sees them: Redis when
 * REDIS_URL is set, else PostgreSQL when the app runs on it, else memory (embedded database).
 */
export async function createLoginLimiter(opts: Options): Promise<LoginLimiter> {
  const base = {
    points: opts.maxFailures,
    duration: opts.windowMinutes * 60,
    keyPrefix: opts.keyPrefix ?? 'login_fail',
  }
  let limiter: RateLimiterAbstract
  let redis: Redis | undefined
  if (opts.redisUrl) {
    redis = new Redis(opts.redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 2 })
    limiter = new RateLimiterRedis({ ...base, storeClient: redis })
  } else if (opts.pool) {
    const pool = opts.pool
    limiter = await new Promise<RateLimiterAbstract>((resolve, reject) => {
      const l: RateLimiterPostgres = new RateLimiterPostgres(
        {
          ...base,
          storeClient: pool,
          storeType: 'pool',
          tableName: 'login_failures',
          clearExpiredByTimeout: true,
        },
        (err?: unknown) => (err ? reject(err) : resolve(l)),
      )
    })
  } else {
    limiter = new RateLimiterMemory(base)
  }
  return {
    async reserve(key) {
      try {
        await limiter.consume(key, 1)
        return 0
      } catch (err) {
        // The limiter rejects with its state when the points are spent, and with an Error when
        // its store failed: that one is no answer about the key, and must not let the guess in.
        if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000))
        throw err
      }
    },
    async reset(key) {
      await limiter.delete(key)
    },
    async close() {
      redis?.disconnect()
    },
  }
}
