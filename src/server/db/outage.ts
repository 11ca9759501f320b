/**
 * The database going away (docs/security/run-time.md "Health, readiness and the database going away"): while PostgreSQL is unreachable every request that needs
 * it answers 503 with `Retry-After` and a French message rather than a 500, and the outage is
 * logged once per interval with the number of failures since, not once per request.
 */

/** Node's socket errors and PostgreSQL's "cannot serve now" SQLSTATEs (class 08, 57P01–57P03, 53300). */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
])
/** node-postgres says so in words only. */
const unreachableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection ended unexpectedly',
]

export function isDatabaseUnavailable(err: unknown): boolean {
  let cur: unknown = err
  for (let i = 0; i < 6 && cur && typeof cur === 'object'; i++) {
    const { code, message } = cur as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && unreachableCodes.has(code)) return true
    if (typeof message === 'string' && unreachableMessages.some((m) => message.includes(m))) return true
    cur = (cur as { cause?: unknown }).cause
  }
  // AggregateError (a connection refused on both IPv4 and IPv6)
  const errors = (err as { errors?: unknown })?.errors
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable)
}

export const RETRY_AFTER_SECONDS = 5
export const DATABASE_UNAVAILABLE = {
  error:
    'Le service est momentanément indisponible : la base de données ne répond pas. Veuillez réessayer dans quelques instants.',
  code: 'DATABASE_UNAVAILABLE' as const,
} as const

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void }

/**
 * Logs an outage at most once per `intervalMs`: the first failure at once, then one line per
 * interval saying how many failed since; a line when the database answers again.
 */
export function createOutageLog(intervalMs = 10_000) {
  let last = 0
  let suppressed = 0
  let down = false
  return {
    failed(log: Log, err: unknown, context: object = {}) {
      const now = Date.now()
      down = true
      if (now - last < intervalMs) {
        suppressed += 1
        return
      }
      log.error({ ...context, err, failuresSinceLastLine: suppressed }, 'base de données injoignable')
      last = now
      suppressed = 0
    },
    /** A statement succeeded: if an outage was logged, says it is over (once). */
    recovered(log: Log) {
      if (!down) return
      down = false
      log.info({ failuresSinceLastLine: suppressed }, 'base de données de nouveau joignable')
      suppressed = 0
      last = 0
    },
  }
}

/** One per process: the requests, the housekeeping and the pool share it. */
export const outageLog = createOutageLog()

/**
 * A failure of work that stands aside from an answer (a notice after a commit, a page drawn with
 * its data, a timer's task): while the database is unreachable it is one more failure of the
 * outage, logged with it once per interval; anything else is logged at once, with `what`.
 */
export function logFailure(log: Log, err: unknown, what: string) {
  if (isDatabaseUnavailable(err)) outageLog.failed(log, err, { task: what })
  else log.error({ err }, what)
}
