import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import { projectRoot } from '../paths'
import { DATABASE_UNAVAILABLE, outageLog, RETRY_AFTER_SECONDS } from './db-outage'

/** How many migrations drizzle/ holds: the database is ready once it has applied as many. */
const expectedMigrations = (
  JSON.parse(readFileSync(resolve(projectRoot, 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: unknown[]
  }
).entries.length

const READY_TIMEOUT_MS = 3_000

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ])

/**
 * For a load balancer (docs/security.md "Health, readiness and the database going away"): `GET /_api/health` says the process answers; `GET /_api/ready`
 * says the database answers and holds every migration (503 otherwise). Registered outside the
 * API's rate limit, logged at warning level only (a probe every few seconds is not news).
 */
export function registerHealth(app: FastifyInstance, database: Database) {
  // Answered even when the overload guard sheds other requests: it says what it says, no more.
  const probe = {
    logLevel: 'warn' as const,
    schema: { hide: true },
    config: { pressureHandler: () => undefined },
  }
  app.get('/_api/health', probe, async (_req, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' })
  })
  app.get('/_api/ready', probe, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    let applied: number
    try {
      const result = (await withTimeout(
        database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        READY_TIMEOUT_MS,
      )) as unknown as { rows: { n: number }[] }
      applied = result.rows[0]?.n ?? 0
    } catch (err) {
      outageLog.failed(req.log, err, { reqId: req.id, probe: 'ready' })
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ ...DATABASE_UNAVAILABLE })
    }
    outageLog.recovered(req.log)
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
  })
}
