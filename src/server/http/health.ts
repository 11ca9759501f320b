import rateLimit, { type FastifyRateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Database } from '../db/client'
import { appliedMigrations, expectedMigrations } from '../db/migrations-state'
import { DATABASE_UNAVAILABLE, outageLog, RETRY_AFTER_SECONDS } from '../db/outage'
import { OVERLOAD_RETRY_AFTER_SECONDS, OVERLOADED, type OverloadGuard } from './overload-guard'
import { perMinute } from './rate-limits'

const READY_TIMEOUT_MS = 3_000

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ])

/** How long what ready checked is taken as true (docs/security/outside-attack.md item 6). */
export const READY_KEPT_MS = 1_000

type Check = { applied: number } | { failed: true }

/**
 * For a load balancer (docs/security/run-time.md "Health, readiness and the database going away"): `GET
 * /_api/health` says the process answers; `GET /_api/ready` says a request would be served: the
 * overload guard would not shed it, the database answers and holds every migration (503
 * otherwise). Logged at warning level only (a probe every few seconds is not news). Health has
 * no limit; ready reads the database at most once a second, whoever asks and however often (its
 * callers meanwhile share that read, and its answer, for a second), and answers each client IP
 * `readyPerMinute` times a minute (docs/security/outside-attack.md item 6: 8,195 reads in 10 s from one client).
 */
export async function registerHealth(
  app: FastifyInstance,
  database: Database,
  {
    guard,
    limits,
    readyPerMinute,
  }: { guard?: OverloadGuard | undefined; limits: FastifyRateLimitOptions; readyPerMinute: number },
) {
  // Never shed themselves by the overload guard: each says what it says, no more.
  const probe = { logLevel: 'warn' as const, schema: { hide: true }, config: { probe: true } }
  app.get('/_api/health', probe, async (_req, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' })
  })

  let kept: { until: number; check: Promise<Check> } | undefined
  /**
   * The migrations applied, read once and kept a second after the read ends. The outage log
   * hears of the read itself, once, not of each answer made from it: a kept success would
   * otherwise say "recovered" while other requests already fail.
   */
  const check = (req: FastifyRequest) => {
    if (kept && Date.now() < kept.until) return kept.check
    const read = withTimeout(appliedMigrations(database.db), READY_TIMEOUT_MS).then(
      (applied) => {
        outageLog.recovered(req.log)
        return { applied }
      },
      (failed: unknown) => {
        outageLog.failed(req.log, failed, { reqId: req.id, probe: 'ready' })
        return { failed: true as const }
      },
    )
    const entry = { until: Number.POSITIVE_INFINITY, check: read }
    kept = entry
    void read.then(() => {
      entry.until = Date.now() + READY_KEPT_MS
    })
    return read
  }

  await app.register(async (scope) => {
    await scope.register(rateLimit, { ...limits, global: false })
    scope.get(
      '/_api/ready',
      { ...probe, config: { probe: true, rateLimit: perMinute(readyPerMinute) } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store')
        if (guard?.overloaded()) {
          return reply
            .status(503)
            .header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS))
            .send({ ...OVERLOADED })
        }
        const checked = await check(req)
        if ('failed' in checked) {
          return reply
            .status(503)
            .header('retry-after', String(RETRY_AFTER_SECONDS))
            .send({ ...DATABASE_UNAVAILABLE })
        }
        const { applied } = checked
        if (applied < expectedMigrations) {
          return reply
            .status(503)
            .header('retry-after', String(RETRY_AFTER_SECONDS))
            .send({
              error: `La base de données n'est pas à jour : ${applied} migration(s) appliquée(s) sur ${expectedMigrations}.`,
              code: 'MIGRATIONS_PENDING',
            })
        }
        return reply.send({ status: 'ready', migrations: applied })
      },
    )
  })
}
