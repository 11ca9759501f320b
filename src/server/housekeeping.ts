import type { Db } from './db/client'
import { purgeExpiredSessions } from './http/session'
import { purgeOldIdempotencyKeys } from './services/checkout'

type Log = { error(obj: object, msg: string): void }

/** Hourly: expired sessions, day-old checkout keys. One process per database runs it. */
export function startHousekeeping(db: Db, log: Log) {
  const purge = setInterval(() => {
    purgeExpiredSessions(db).catch((err) => log.error({ err }, 'session purge failed'))
    purgeOldIdempotencyKeys(db).catch((err) => log.error({ err }, 'idempotency key purge failed'))
  }, 3_600_000)
  purge.unref()
  return purge
}
