import cluster from 'node:cluster'
import { createApp } from './app'
import type { Config } from './config'
import { createDeps } from './deps'
import { startHousekeeping } from './housekeeping'
import { ClusterRateLimitStore } from './http/cluster-rate-limit'

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
  const app = await createApp(deps, worker && !config.REDIS_URL ? { rateLimitStore: ClusterRateLimitStore } : {})
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
  if (!worker) startHousekeeping(deps.database.db, app.log)

  let closing = false
  async function shutdown(signal: string) {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'arrêt en cours')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    try {
      await app.close() // stops accepting, lets requests in flight finish
      await deps.close()
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'arrêt en erreur')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}
