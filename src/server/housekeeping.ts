import type { Db } from './db/client'
import { purgeExpiredSessions } from './http/session'
import { purgeOldIdempotencyKeys } from './services/checkout'
import { foldRollups } from './services/stats'

type Log = { error(obj: object, msg: string): void }

/**
 * Background work, run by one process per server (the primary of a cluster): every second the
 * orders' differences into the dashboards' rollups (services/stats.ts); hourly, expired
 * sessions and day-old checkout keys.
 */
export function startHousekeeping(db: Db, log: Log) {
  const fold = setInterval(() => {
    foldRollups(db).catch((err) => log.error({ err }, 'rollup fold failed'))
  }, 1_000)
  fold.unref()
  const purge = setInterval(() => {
    purgeExpiredSessions(db).catch((err) => log.error({ err }, 'session purge failed'))
    purgeOldIdempotencyKeys(db).catch((err) => log.error({ err }, 'idempotency key purge failed'))
  }, 3_600_000)
  purge.unref()
  return { stop: () => (clearInterval(fold), clearInterval(purge)) }
}
