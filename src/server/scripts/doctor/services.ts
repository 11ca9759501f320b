import { sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import type { Config } from '@/server/config'
import { isPostgresUrl, type Database } from '@/server/db/client'
import { appliedMigrations, expectedMigrations } from '@/server/db/migrations-state'
import { smtpTransport } from '@/server/services/messages/smtp'
import { errorText, fail, ok, seconds, TimeLimit, warn, withLimit, type CheckResult } from './probe'

/** Whether any payment provider is configured (then the providers need the shop's public address). */
export const anyProvider = (config: Config) =>
  !!config.payments.cinetpay || Object.keys(config.payments.wave.keys).length > 0

/**
 * PUBLIC_ORIGIN: where CinetPay and Wave send their notifications and bring the client back
 * (services/money/payments/connect.ts). Over https, reachable from the Internet: Wave wants an https
 * webhook URL with a valid certificate (docs.wave.com/webhook "Endpoint requirements").
 */
export function checkOrigin(config: Config): CheckResult {
  const name = 'PUBLIC_ORIGIN'
  const needed = anyProvider(config)
  const level = needed ? fail : warn
  const why = needed
    ? 'les prestataires de paiement y envoient leurs notifications et y ramènent le client'
    : 'le plan du site et les liens des messages (celui d’un nouveau mot de passe) en ont besoin'
  const origin = config.PUBLIC_ORIGIN
  if (!origin) return level(name, `absent : ${why}. Réglez PUBLIC_ORIGIN=https://votre-boutique.example.`)
  const url = new URL(origin)
  if (url.protocol !== 'https:')
    return level(
      name,
      `${origin} n'est pas en https : ${why}. Servez la boutique en https et réglez PUBLIC_ORIGIN=https://….`,
    )
  if (/^(localhost|127\.|\[::1\]$)/.test(url.hostname))
    return level(
      name,
      `${origin} désigne cette machine, que les prestataires ne peuvent pas joindre : réglez l'adresse publique.`,
    )
  return ok(name, `${origin} (https).`)
}

/** The database's address without its password, for the report. */
const where = (url: string) => {
  try {
    const u = new URL(url)
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`
  } catch {
    return 'DATABASE_URL'
  }
}

/**
 * The readiness rule (db/migrations-state.ts, also `GET /_api/ready`): the database answers and
 * has applied every migration of drizzle/. An embedded database on disk is not opened: its
 * server may be running, and two processes must never open one PGlite directory.
 */
export async function checkDatabase(
  config: Config,
  open: (url: string) => Database,
  limitMs: number,
): Promise<CheckResult> {
  const name = 'Base de données'
  const url = config.DATABASE_URL
  if (url === 'memory:' || url === 'memory://')
    return fail(
      name,
      `DATABASE_URL=memory: : tout est perdu à chaque arrêt. En production : DATABASE_URL=postgres://….`,
    )
  if (!isPostgresUrl(url))
    return warn(
      name,
      `base embarquée (PGlite, ${url}) : non ouverte ici, un serveur en marche l'utilise peut-être ; ` +
        `GET /_api/ready dit si elle est prête. En production, PostgreSQL est conseillé (README).`,
    )
  let database: Database
  try {
    database = open(url)
  } catch {
    return fail(name, `DATABASE_URL illisible : postgres://utilisateur:motdepasse@hôte:5432/base.`)
  }
  try {
    const applied = await withLimit(appliedMigrations(database.db), limitMs).catch(async (err: unknown) => {
      if (err instanceof TimeLimit) throw err
      // The server answers but never held the migrations' table: nothing applied.
      await withLimit(database.db.execute(sql`select 1`), limitMs)
      return 0
    })
    if (applied < expectedMigrations)
      return fail(
        name,
        `${where(url)} répond, mais ${applied} migration(s) appliquée(s) sur ${expectedMigrations} : ` +
          `démarrez le serveur de cette version (il les applique) avant d'ouvrir la boutique.`,
      )
    return ok(name, `${where(url)} répond, ${applied} migrations sur ${expectedMigrations} appliquées.`)
  } catch (err) {
    const why = err instanceof TimeLimit ? `pas de réponse en ${seconds(limitMs)}` : errorText(err)
    return fail(
      name,
      `${where(url)} ne répond pas (${why}) : vérifiez DATABASE_URL, le réseau et le serveur PostgreSQL.`,
    )
  } finally {
    await withLimit(database.close(), limitMs).catch(() => undefined)
  }
}

/**
 * SMTP_URL: nodemailer's `verify()` connects, says hello and logs in, sending nothing; through
 * the outbox's own transport (services/messages/smtp.ts). EAUTH is nodemailer's code for a
 * login the server refused.
 */
export async function checkSmtp(config: Config, limitMs: number): Promise<CheckResult> {
  const name = 'E-mail (SMTP)'
  if (!config.SMTP_URL)
    return warn(
      name,
      `SMTP_URL absent : aucun e-mail ne partira (chaque message reste « Non envoyé » sur la page de la commande).`,
    )
  const u = new URL(config.SMTP_URL)
  const host = `${u.hostname}${u.port ? `:${u.port}` : ''}`
  const transport = smtpTransport(config.SMTP_URL)
  try {
    await withLimit(transport.verify(), limitMs)
    return ok(name, `${host} accepte la connexion${u.username ? ' et l’identifiant' : ''}.`)
  } catch (err) {
    const e = err as { code?: string; responseCode?: number }
    if (e.code === 'EAUTH' || e.responseCode === 535)
      return fail(
        name,
        `${host} refuse l'identifiant ou le mot de passe de SMTP_URL (smtp://utilisateur:motdepasse@hôte:587).`,
      )
    const why = err instanceof TimeLimit ? `pas de réponse en ${seconds(limitMs)}` : errorText(err)
    return fail(name, `${host} ne répond pas (${why}) : vérifiez l'hôte et le port de SMTP_URL.`)
  } finally {
    transport.close()
  }
}

/** REDIS_URL: one PING, no retry; the limits of every instance are counted there. */
export async function checkRedis(config: Config, limitMs: number): Promise<CheckResult | null> {
  if (!config.REDIS_URL) return null
  const name = 'Redis'
  let host: string
  try {
    const u = new URL(config.REDIS_URL)
    host = `${u.hostname}${u.port ? `:${u.port}` : ''}`
  } catch {
    return fail(name, `REDIS_URL illisible : redis://hôte:6379.`)
  }
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: true,
    connectTimeout: limitMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  })
  redis.on('error', () => undefined)
  try {
    const answer = await withLimit(
      redis.connect().then(() => redis.ping()),
      limitMs,
    )
    return answer === 'PONG'
      ? ok(name, `${host} répond à PING.`)
      : fail(name, `${host} répond « ${String(answer).slice(0, 40)} » à PING : est-ce bien un Redis ?`)
  } catch (err) {
    const why = err instanceof TimeLimit ? `pas de réponse en ${seconds(limitMs)}` : errorText(err)
    return fail(
      name,
      `${host} ne répond pas (${why}) : vérifiez REDIS_URL ; les limites de débit en dépendent.`,
    )
  } finally {
    redis.disconnect()
  }
}
