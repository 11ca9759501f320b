import { loadConfig, type Config } from '@/server/config'
import { openDatabase, type Database } from '@/server/db/client'
import { checkCinetpay, checkInfobip, checkWave } from './providers'
import { CHECK_LIMIT_MS, fail, ok, warn, type CheckResult } from './probe'
import { anyProvider, checkDatabase, checkOrigin, checkRedis, checkSmtp } from './services'

/**
 * `npm run doctor` (README "Mise en service des paiements"): reads the environment as the server
 * does (config.ts) and says, one French line per check, what a production start would meet.
 * Exit code 1 when something blocks taking orders or money (the database, the shop's public
 * address for the providers, a payment key refused, a service configured that does not answer
 * or refuses its login); what merely works without (no SMTP, no SMS) is a warning.
 */
export type DoctorOptions = {
  env: Record<string, string | undefined>
  /** Each check's time limit (8 s). */
  limitMs?: number
  /** Opens DATABASE_URL (tests hand in their in-memory database). */
  openDatabase?: (url: string) => Database
}

export type DoctorReport = { results: CheckResult[]; lines: string[]; exitCode: 0 | 1 }

export async function runDoctor(opts: DoctorOptions): Promise<DoctorReport> {
  const limitMs = opts.limitMs ?? CHECK_LIMIT_MS
  let config: Config
  try {
    // The shop's public address is checked below, on its own line (checkOrigin).
    config = loadConfig(opts.env, { checkOrigin: false })
  } catch (err) {
    return report([fail('Configuration', configError(err))], secretsOf(opts.env))
  }
  const checks: Promise<CheckResult | CheckResult[] | null>[] = [
    Promise.resolve(checkEnvironment(config)),
    Promise.resolve(checkOrigin(config)),
    checkDatabase(config, opts.openDatabase ?? ((url) => openDatabase(url)), limitMs),
    checkSmtp(config, limitMs),
    config.SMS_URL
      ? checkInfobip(config.SMS_URL, config.SMS_API_KEY, limitMs)
      : Promise.resolve(
          warn('SMS', `SMS_URL absent : aucun SMS ne partira (chaque SMS reste « Non envoyé »).`),
        ),
    checkRedis(config, limitMs),
    config.payments.cinetpay ? checkCinetpay(config.payments.cinetpay, limitMs) : Promise.resolve(null),
    checkWave(config.payments.wave.apiUrl, config.payments.wave.keys, limitMs),
  ]
  if (!anyProvider(config))
    checks.push(
      Promise.resolve(
        warn(
          'Paiements',
          `aucun prestataire configuré (CINETPAY_*, WAVE_API_KEY_<CC>) : seul le paiement à la livraison est proposé.`,
        ),
      ),
    )
  const settled = await Promise.all(
    checks.map((c) =>
      c.catch((err: unknown) => fail('Diagnostic', `vérification interrompue : ${String(err)}`)),
    ),
  )
  const results = settled.flat().filter((r): r is CheckResult => r !== null)
  return report(results, secretsOf(opts.env))
}

/** NODE_ENV: the doctor looks at a production configuration. */
function checkEnvironment(config: Config): CheckResult {
  return config.NODE_ENV === 'production'
    ? ok('NODE_ENV', 'production.')
    : warn(
        'NODE_ENV',
        `${config.NODE_ENV}, pas production : cookies sans Secure, et sans clé de paiement les faux prestataires du dépôt répondent. Réglez NODE_ENV=production.`,
      )
}

/** config.ts refuses the environment: its reasons, one per variable, never a stack trace. */
function configError(err: unknown): string {
  const issues = (err as { issues?: { path: PropertyKey[]; message: string }[] }).issues
  const reasons = issues
    ? issues.map((i) => {
        const variable = i.path.map(String).join('.')
        return i.message.startsWith(variable) ? i.message : `${variable} : ${i.message}`
      })
    : [err instanceof Error ? err.message : String(err)]
  return `le serveur refuserait de démarrer : ${reasons.join(' ; ')}. Corrigez ces variables puis relancez npm run doctor.`
}

/**
 * Every value that must never be printed: the keys and secrets, and the passwords inside the
 * URLs. The report is scrubbed of them whatever a check or a provider's answer says.
 */
function secretsOf(env: Record<string, string | undefined>): string[] {
  const out: string[] = []
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue
    if (/(KEY|SECRET|PASSWORD|TOKEN)/.test(name) && !/^(LOG_LEVEL)$/.test(name)) out.push(value)
    if (/_URL$/.test(name)) {
      try {
        const u = new URL(value)
        if (u.password) out.push(u.password, decodeURIComponent(u.password))
      } catch {
        // not an URL: nothing inside it to hide
      }
    }
  }
  return out.filter((s) => s.length >= 4).sort((a, b) => b.length - a.length)
}

const MARK = { ok: '[ok]        ', warn: '[attention] ', fail: '[erreur]    ' } as const

function report(results: CheckResult[], secrets: string[]): DoctorReport {
  const scrub = (text: string) => secrets.reduce((t, s) => t.split(s).join('***'), text)
  const lines = results.map((r) => scrub(`${MARK[r.level]}${r.name} : ${r.message}`))
  const failures = results.filter((r) => r.level === 'fail').length
  const warnings = results.filter((r) => r.level === 'warn').length
  lines.push(
    failures
      ? `${failures} erreur(s) bloquante(s), ${warnings} avertissement(s) : à corriger avant d'ouvrir la boutique.`
      : `Aucune erreur bloquante (${warnings} avertissement(s)).`,
  )
  return { results, lines, exitCode: failures ? 1 : 0 }
}
