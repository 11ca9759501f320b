import cluster, { type Worker } from 'node:cluster'
import { pino } from 'pino'
import type { Config } from './config'
import { isPostgresUrl, openDatabase } from './db/client'
import { prepareDatabase } from './deps'
import { startHousekeeping } from './housekeeping'
import { outboxOptions } from './services/messages/smtp'
import { createPayments } from './services/money/payments/connect'
import { createPhotoStore } from './services/catalogue/photos/store'
import { startClusterRateLimits } from './http/cluster-rate-limit'
import { safeLogOptions } from './runtime/log-safety'
import { logOutput } from './runtime/log-output'
import { WORKER_ENV } from './server'

/** How many processes to run: WEB_CONCURRENCY, but one on the embedded database. */
export function planWorkers(config: Pick<Config, 'WEB_CONCURRENCY' | 'DATABASE_URL'>): {
  workers: number
  warning?: string
} {
  const n = config.WEB_CONCURRENCY
  if (n > 1 && !isPostgresUrl(config.DATABASE_URL)) {
    // PGlite is one process's database: two processes opening the same files corrupt it.
    return {
      workers: 1,
      warning: `WEB_CONCURRENCY=${n} ignoré : la base embarquée (PGlite) ne sert qu'un processus, un seul démarre. Plusieurs workers demandent PostgreSQL (DATABASE_URL=postgres://…).`,
    }
  }
  return { workers: n }
}

/** A worker that dies is replaced after 0.5 s, doubling up to 30 s while replacements keep dying young. */
const RESTART_MIN_MS = 500
const RESTART_MAX_MS = 30_000
const LIVED_LONG_MS = 60_000

/**
 * The cluster's primary: migrates and seeds once, forks `count` workers that share the port,
 * replaces those that die, keeps the per-IP API counts (without Redis), runs the hourly
 * housekeeping, and on SIGTERM/SIGINT stops the workers (each finishes its requests) and exits.
 */
export async function runPrimary(config: Config, count: number) {
  const log = pino({ level: config.LOG_LEVEL, ...safeLogOptions }, logOutput())
  const database = openDatabase(config.DATABASE_URL)
  await database.exclusively(() => prepareDatabase(database, config))
  if (!config.REDIS_URL) startClusterRateLimits()
  // The reconciliation of mobile money attempts runs here with the real providers; the in-repo
  // fakes live in each worker's process (their attempts are found there), so not with them.
  const payments = config.payments.fake ? undefined : await createPayments(config)
  startHousekeeping(
    database.db,
    log,
    createPhotoStore(config, database.db),
    outboxOptions(config, log).options,
    payments,
  )

  const startedAt = new Map<number, number>()
  const restarts = new Set<NodeJS.Timeout>()
  let quickDeaths = 0
  let stopping = false
  let listening = 0

  const fork = () => {
    const worker = cluster.fork({ [WORKER_ENV]: '1' })
    startedAt.set(worker.id, Date.now())
  }

  cluster.on('listening', (worker) => {
    listening += 1
    if (listening === count) log.info(`Étal est prêt sur http://localhost:${config.PORT} (${count} workers)`)
    if (listening === count && config.payments.fake)
      log.info(
        'Paiements mobiles simulés : CinetPay et Wave sont les faux du dépôt (PAYMENTS_FAKE), chacun son serveur, dans chaque worker, sur un port local ; aucun argent réel ne circule',
      )
    log.debug({ worker: worker.process.pid }, 'worker à l’écoute')
  })

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0)
    startedAt.delete(worker.id)
    if (stopping) return
    if (lived >= LIVED_LONG_MS) quickDeaths = 0
    const delay = Math.min(RESTART_MAX_MS, RESTART_MIN_MS * 2 ** quickDeaths)
    quickDeaths += 1
    log.error({ worker: worker.process.pid, code, signal, restartInMs: delay }, 'worker arrêté, remplacé')
    const timer = setTimeout(() => {
      restarts.delete(timer)
      if (!stopping) fork()
    }, delay)
    restarts.add(timer)
  })

  for (let i = 0; i < count; i++) fork()

  async function shutdown(signal: string) {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'arrêt en cours')
    for (const timer of restarts) clearTimeout(timer)
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead())
    // A worker gives itself 10 s to finish its requests; past 15 s, it is killed.
    const force = setTimeout(() => {
      log.error('workers encore actifs après 15 s : arrêt forcé')
      for (const w of workers) w.process.kill('SIGKILL')
      process.exit(1)
    }, 15_000)
    force.unref()
    let clean = true
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            w.once('exit', (code: number | null, sig: string | null) => {
              // A worker still starting has no handler yet: SIGTERM ends it, which is fine too.
              if (code !== 0 && sig !== 'SIGTERM') clean = false
              resolve()
            })
            w.process.kill('SIGTERM')
          }),
      ),
    )
    await database.close().catch((err: unknown) => log.error({ err }, 'fermeture de la base en erreur'))
    await logOutput().flush(500)
    process.exit(clean ? 0 : 1)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}
