import { createApp } from './app'
import { loadConfig } from './config'
import { createDeps } from './deps'
import { purgeExpiredSessions } from './http/session'
import { purgeOldIdempotencyKeys } from './services/checkout'
import { foldRollups } from './services/stats'

const config = loadConfig()
const deps = await createDeps(config)
const app = await createApp(deps)
await app.listen({ port: config.PORT, host: config.HOST })
app.log.info(`Étal est prêt sur http://localhost:${config.PORT}`)

// Hourly housekeeping: expired sessions, day-old checkout keys.
const purge = setInterval(() => {
  purgeExpiredSessions(deps.database.db).catch((err) => app.log.error({ err }, 'session purge failed'))
  purgeOldIdempotencyKeys(deps.database.db).catch((err) => app.log.error({ err }, 'idempotency key purge failed'))
}, 3_600_000)
purge.unref()

// Every second: the orders' differences into the dashboards' rollups (services/stats.ts).
const fold = setInterval(() => {
  foldRollups(deps.database.db).catch((err) => app.log.error({ err }, 'rollup fold failed'))
}, 1_000)
fold.unref()

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
