import cluster from 'node:cluster'
import { createApp } from './app'
import type { Config } from './config'
import { createDeps } from './deps'
import { startHousekeeping } from './housekeeping'
import { accountsSharingAPhone } from './services/people/accounts'
import { outboxOptions } from './services/messages/smtp'
import { ClusterRateLimitStore } from './http/cluster-rate-limit'
import { logOutput } from './runtime/log-output'
import { startWatchdog } from './runtime/watchdog'

/** How long a stopping server lets its requests in flight finish before it exits anyway. */
const GRACE_MS = 10_000

/** Set by the primary (workers.ts) on the workers it forks. */
export const WORKER_ENV = 'ETAL_CLUSTER_WORKER'

/**
 * One server process: deps, app, listen, graceful shutdown. Alone (WEB_CONCURRENCY=1) it also
 * migrates, seeds and runs the hourly housekeeping; as a cluster worker its primary does those,
 * and the per-IP limits count in the primary unless Redis holds them.
 */
export async function runServer(config: Config, opts: { warning?: string } = {}) {
  const worker = cluster.isWorker && process.env[WORKER_ENV] === '1'
  const deps = await createDeps(config, { prepare: !worker })
  const app = await createApp(
    deps,
    worker && !config.REDIS_URL ? { rateLimitStore: ClusterRateLimitStore } : {},
  )
  if (opts.warning) app.log.warn(opts.warning)
  if (worker && config.NODE_ENV === 'test') {
    // Which worker answered: the cluster tests check that several do (tests/api/web-concurrency.test.ts).
    app.addHook('onSend', async (_req, reply) => {
      reply.header('x-etal-worker', String(process.pid))
    })
  }
  await app.listen({ port: config.PORT, host: config.HOST })
  if (worker) app.log.info(`worker ${process.pid} prêt`)
  else app.log.info(`Étal est prêt sur http://localhost:${config.PORT}`)
  // Said once, by the process that serves alone (each worker has its own, on a port of its own).
  const fake = deps.payments.fake
  if (fake && !worker)
    app.log.info(
      `Paiements mobiles simulés : CinetPay et Wave sont les faux du dépôt (PAYMENTS_FAKE), CinetPay à l’écoute sur ${fake.origins.cinetpay} et Wave sur ${fake.origins.wave} ; aucun argent réel ne circule`,
    )
  if (!worker) await reportSharedPhones(deps.database.db, app.log)
  const housekeeping = worker
    ? undefined
    : startHousekeeping(
        deps.database.db,
        app.log,
        deps.photos,
        outboxOptions(config, app.log).options,
        deps.payments,
      )

  let closing = false
  async function shutdown(signal: string) {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'arrêt en cours')
    // Bounded whatever happens (docs/security/run-time.md "Shutdown under load"): past the grace period the process exits
    // with 1; should its main thread be stuck, a watchdog thread kills it shortly after.
    startWatchdog(GRACE_MS + 3_000)
    const force = setTimeout(() => {
      app.log.error(`arrêt forcé : toujours en cours après ${GRACE_MS / 1000} s`)
      process.exit(1)
    }, GRACE_MS)
    force.unref()
    let code = 0
    // A keep-alive connection whose request was in flight when the close began becomes idle
    // afterwards, and nothing closed it until its keep-alive timeout (72 s): the close hung
    // until the forced exit (seen on PostgreSQL, 1 round in 3). Close idle ones as they appear.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100)
    sweep.unref()
    try {
      await app.close() // stops accepting, lets requests in flight finish
      clearInterval(sweep)
      await housekeeping?.stop() // no statement left running on the database being closed
      await deps.close()
    } catch (err) {
      app.log.error({ err }, 'arrêt en erreur')
      code = 1
    }
    await logOutput().flush(500)
    process.exit(code)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

/**
 * Accounts whose phone number another account shares, kept from before the rule of one account
 * per number (migration 0026, docs/rules/people.md#accounts): listed for root at each start, by
 * account id (no number in the log), until staff give each its own number.
 */
async function reportSharedPhones(
  db: Parameters<typeof accountsSharingAPhone>[0],
  log: { warn(o: object, m: string): void },
) {
  const shared = await accountsSharingAPhone(db)
  if (shared.length > 0)
    log.warn(
      { accountIds: shared.map((a) => a.id) },
      `${shared.length} comptes partagent un numéro de téléphone avec un autre : connexion par e-mail seulement jusqu’à ce qu’un membre du personnel les corrige (Utilisateurs)`,
    )
}
