/**
 * `npm run doctor` (src/server/scripts/doctor): its checks run in-process against stand-ins
 * written here from each provider's public documentation, a real SMTP server (smtp-server), a
 * real in-memory database, and the Redis of this machine when one answers.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net'
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/client'
import { expectedMigrations } from '../../src/server/db/migrations-state'
import { runDoctor, type DoctorOptions } from '../../src/server/scripts/doctor/index'
import { waveSignature } from '../../src/server/services/money/payments/signatures'
import { createTestApp } from '../setup/test-app'

const WAVE_KEYS = { SN: 'wave_sn_prod_bonneclef-senegal', CI: 'wave_ci_prod_bonneclef-cotedivoire' }
const CINETPAY = { apiKey: '12912847765bc0db748fdd44.bonne', siteId: '445160' }
const INFOBIP_KEY = 'infobip-bonne-clef-0123456789'
const SMTP_LOGIN = { user: 'etal', pass: 'bon-mot-de-passe-smtp' }

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void
const servers: { close(): unknown }[] = []

async function serve(handler: Handler): Promise<string> {
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => handler(req, body, res))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  servers.push({ close: () => (server.closeAllConnections(), server.close()) })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

/**
 * Wave (docs.wave.com/checkout, /business "Authentication"): `GET /v1/checkout/sessions/search`
 * with `Authorization: Bearer <key>`; a key it does not know is 401 `no-matching-api-key`. The
 * key "panne" stands for Wave being down (503).
 */
const wave: Handler = (req, _body, res) => {
  const url = new URL(req.url!, 'http://x')
  if (req.method !== 'GET' || url.pathname !== '/v1/checkout/sessions/search')
    return json(res, 404, { code: 'not-found' })
  const auth = req.headers.authorization ?? ''
  if (auth === 'Bearer panne') return json(res, 503, { code: 'service-unavailable' })
  if (!Object.values(WAVE_KEYS).some((k) => auth === `Bearer ${k}`))
    return json(res, 401, { code: 'no-matching-api-key', message: "The key you provided doesn't exist" })
  if (!url.searchParams.get('client_reference')) return json(res, 400, { code: 'request-validation-error' })
  json(res, 200, { result: [] })
}

/**
 * CinetPay (docs.cinetpay.com …/checkout/verification and …/checkout/tableau): `POST
 * /v2/payment/check` with apikey, site_id, transaction_id, answered 200 with a code: 609
 * AUTH_NOT_FOUND for an apikey it does not have, 627 TRANSACTION_CANCEL for a transaction unknown.
 */
const cinetpay: Handler = (req, body, res) => {
  if (req.method !== 'POST' || req.url !== '/v2/payment/check') return json(res, 404, {})
  const b = JSON.parse(body) as { apikey?: string; site_id?: string; transaction_id?: string }
  if (!b.apikey || !b.site_id || !b.transaction_id)
    return json(res, 200, { code: '608', message: 'MINIMUM_REQUIRED_FIELDS' })
  if (b.apikey !== CINETPAY.apiKey || b.site_id !== CINETPAY.siteId)
    return json(res, 200, { code: '609', message: 'AUTH_NOT_FOUND', data: [] })
  json(res, 200, { code: '627', message: 'TRANSACTION_CANCEL', data: { status: 'REFUSED' } })
}

/** Infobip (dev.infobip.com "Get account balance"): `GET /account/1/balance`, `Authorization: App <key>`. */
const infobip: Handler = (req, _body, res) => {
  if (req.method !== 'GET' || req.url !== '/account/1/balance') return json(res, 404, {})
  if (req.headers.authorization !== `App ${INFOBIP_KEY}`)
    return json(res, 401, {
      requestError: { serviceException: { messageId: 'UNAUTHORIZED', text: 'Invalid login details' } },
    })
  json(res, 200, { balance: 47.79, currency: 'EUR' })
}

let urls: { wave: string; cinetpay: string; infobip: string; silent: string; smtp: string }
let redisUp = false
let template: Blob | undefined

/** A server that takes the connection and never says a word. */
async function silentServer() {
  const sockets = new Set<Socket>()
  const server = createTcpServer((s) => sockets.add(s))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  servers.push({ close: () => (sockets.forEach((s) => s.destroy()), server.close()) })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function smtpServer() {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === SMTP_LOGIN.user && auth.password === SMTP_LOGIN.pass)
        return done(null, { user: auth.username })
      done(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
    },
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  servers.push({ close: () => server.close() })
  return (server.server.address() as AddressInfo).port
}

beforeAll(async () => {
  const smtpPort = await smtpServer()
  urls = {
    wave: await serve(wave),
    cinetpay: await serve(cinetpay),
    infobip: await serve(infobip),
    silent: await silentServer(),
    smtp: `smtp://${SMTP_LOGIN.user}:${SMTP_LOGIN.pass}@127.0.0.1:${smtpPort}`,
  }
  redisUp = await new Promise<boolean>((r) => {
    const s = connect(6379, '127.0.0.1')
    s.once('connect', () => (s.destroy(), r(true)))
    s.once('error', () => r(false))
  })
  const path = inject('pgliteTemplate')
  if (path) template = new Blob([readFileSync(path)])
})
afterAll(() => servers.forEach((s) => s.close()))

/** An in-memory database from the suite's migrated copy: what a production PostgreSQL holds. */
async function migratedDatabase(): Promise<Database> {
  const database = openDatabase('memory:', template ? { template } : {})
  await database.migrate()
  return database
}

/** A production configuration where everything is right. */
const goodEnv = (): Record<string, string> => ({
  NODE_ENV: 'production',
  PUBLIC_ORIGIN: 'https://etal.example',
  DATABASE_URL: 'postgres://etal:mot-de-passe-base@db.internal:5432/etal',
  SMTP_URL: urls.smtp,
  SMS_URL: urls.infobip,
  SMS_API_KEY: INFOBIP_KEY,
  CINETPAY_API_KEY: CINETPAY.apiKey,
  CINETPAY_SITE_ID: CINETPAY.siteId,
  CINETPAY_SECRET_KEY: 'cinetpay-secret-du-x-token',
  CINETPAY_API_URL: urls.cinetpay,
  WAVE_API_URL: urls.wave,
  WAVE_API_KEY_SN: WAVE_KEYS.SN,
  WAVE_WEBHOOK_SECRET_SN: 'wave_sn_WHS_secret-du-webhook',
  WAVE_API_KEY_CI: WAVE_KEYS.CI,
  WAVE_WEBHOOK_SECRET_CI: 'wave_ci_WHS_secret-du-webhook',
  ...(redisUp ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
})

async function doctor(env: Record<string, string>, opts: Partial<DoctorOptions> = {}) {
  const report = await runDoctor({
    env,
    openDatabase: opts.openDatabase ?? (() => undefined as unknown as Database),
    ...opts,
  })
  // Whatever went wrong, no key, secret or password is ever printed.
  const printed = report.lines.join('\n')
  for (const [name, value] of Object.entries(env))
    if (/KEY|SECRET/.test(name) && value) expect(printed, name).not.toContain(value)
  for (const secret of [SMTP_LOGIN.pass, 'mot-de-passe-base']) expect(printed).not.toContain(secret)
  return {
    ...report,
    printed,
    line: (name: string) => report.lines.find((l) => l.includes(`${name} :`)) ?? '',
  }
}

/** The doctor with the migrated database behind DATABASE_URL. */
const withDb = async (env: Record<string, string>, opts: Partial<DoctorOptions> = {}) => {
  const database = await migratedDatabase()
  return doctor(env, { openDatabase: () => database, ...opts })
}

// Each test runs `npm run doctor` as a real process (a few seconds each, tsx loading the code).
describe('npm run doctor', () => {
  it('says every check is fine and exits 0 when the production configuration is right', async () => {
    const r = await withDb(goodEnv())
    expect(r.results.filter((x) => x.level !== 'ok')).toEqual([])
    expect(r.exitCode).toBe(0)
    expect(r.line('Base de données')).toContain(
      `${expectedMigrations} migrations sur ${expectedMigrations} appliquées`,
    )
    expect(r.line('Wave (SN)')).toContain('clé acceptée')
    expect(r.line('Wave (CI)')).toContain('clé acceptée')
    expect(r.line('CinetPay')).toContain('clé et site acceptés')
    expect(r.line('SMS (Infobip)')).toContain('solde : 47.79 EUR')
    expect(r.line('E-mail (SMTP)')).toContain('accepte la connexion')
    if (redisUp) expect(r.line('Redis')).toContain('répond à PING')
    expect(r.lines.at(-1)).toBe('Aucune erreur bloquante (0 avertissement(s)).')
  })

  it('a Wave key refused (401) is "clé refusée" for its country only, and blocks', async () => {
    const r = await withDb({ ...goodEnv(), WAVE_API_KEY_CI: 'wave_ci_prod_revoquee' })
    expect(r.line('Wave (CI)')).toMatch(
      /\[erreur\].*clé refusée \(HTTP 401, « no-matching-api-key »\).*SANS signature/,
    )
    expect(r.line('Wave (SN)')).toContain('clé acceptée')
    expect(r.exitCode).toBe(1)
  })

  it('CinetPay refusing the apikey (609) is "clé refusée"; Wave down (5xx) is "ne répond pas"', async () => {
    const r = await withDb({
      ...goodEnv(),
      CINETPAY_API_KEY: 'une-autre-clef-cinetpay',
      WAVE_API_KEY_SN: 'panne',
    })
    expect(r.line('CinetPay')).toMatch(/\[erreur\].*clé refusée \(code 609 AUTH_NOT_FOUND\)/)
    expect(r.line('Wave (SN)')).toMatch(/\[erreur\].*Wave ne répond pas \(HTTP 503\)/)
    expect(r.exitCode).toBe(1)
  })

  it('a provider that never answers is "ne répond pas" within the time limit', async () => {
    // The message names the limit that fired (0,5 s): the check ended on it, not on the test's.
    const r = await withDb(
      { ...goodEnv(), WAVE_API_URL: urls.silent, CINETPAY_API_URL: urls.silent },
      { limitMs: 500 },
    )
    expect(r.line('Wave (SN)')).toContain('Wave ne répond pas (pas de réponse en 0,5 s)')
    expect(r.line('CinetPay')).toContain('CinetPay ne répond pas (pas de réponse en 0,5 s)')
    expect(r.exitCode).toBe(1)
  })

  it('an SMS key or an SMTP login refused is said, with what to fix', async () => {
    const r = await withDb({
      ...goodEnv(),
      SMS_API_KEY: 'infobip-mauvaise-clef',
      SMTP_URL: urls.smtp.replace(SMTP_LOGIN.pass, 'mauvais-mot-de-passe'),
    })
    expect(r.line('SMS (Infobip)')).toMatch(/\[erreur\].*clé refusée \(HTTP 401\) : SMS_API_KEY/)
    expect(r.line('E-mail (SMTP)')).toMatch(/\[erreur\].*refuse l'identifiant ou le mot de passe de SMTP_URL/)
    expect(r.printed).not.toContain('mauvais-mot-de-passe')
    expect(r.exitCode).toBe(1)
  })

  it('no SMTP and no SMS are warnings only: exit 0', async () => {
    const env = goodEnv()
    delete env.SMTP_URL
    delete env.SMS_URL
    delete env.SMS_API_KEY
    const r = await withDb(env)
    expect(r.line('E-mail (SMTP)')).toMatch(/\[attention\].*SMTP_URL absent : aucun e-mail ne partira/)
    expect(r.line('SMS')).toMatch(/\[attention\].*SMS_URL absent/)
    expect(r.exitCode).toBe(0)
  })

  it('PUBLIC_ORIGIN unset or over http blocks when a provider is configured, warns otherwise', async () => {
    const plain = await withDb({ ...goodEnv(), PUBLIC_ORIGIN: 'http://etal.example' })
    expect(plain.line('PUBLIC_ORIGIN')).toMatch(/\[erreur\].*n'est pas en https/)
    expect(plain.exitCode).toBe(1)
    const unset = goodEnv()
    delete unset.PUBLIC_ORIGIN
    expect((await withDb(unset)).line('PUBLIC_ORIGIN')).toMatch(
      /\[erreur\].*absent : les prestataires de paiement/,
    )
    const noProvider = Object.fromEntries(
      Object.entries(unset).filter(
        ([k]) => !/^(WAVE_API_KEY|WAVE_WEBHOOK|CINETPAY_(API_KEY|SITE|SECRET))/.test(k),
      ),
    )
    const r = await withDb(noProvider)
    expect(r.line('PUBLIC_ORIGIN')).toMatch(/\[attention\]/)
    expect(r.line('Paiements')).toContain('seul le paiement à la livraison')
    expect(r.exitCode).toBe(0)
  })

  it('a database missing a migration, or not answering, blocks', async () => {
    const behind = await migratedDatabase()
    await behind.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    )
    const r = await doctor(goodEnv(), { openDatabase: () => behind })
    expect(r.line('Base de données')).toContain(
      `${expectedMigrations - 1} migration(s) appliquée(s) sur ${expectedMigrations}`,
    )
    expect(r.exitCode).toBe(1)
    // A real PostgreSQL address where nothing listens (the driver of production, no stand-in).
    const down = await runDoctor({
      env: { ...goodEnv(), DATABASE_URL: 'postgres://etal:mot-de-passe-base@127.0.0.1:1/etal' },
    })
    expect(down.lines.find((l) => l.includes('Base de données'))).toMatch(
      /\[erreur\].*ne répond pas \(ECONNREFUSED\)/,
    )
    expect(down.lines.join('\n')).not.toContain('mot-de-passe-base')
    expect(down.exitCode).toBe(1)
  })

  it('Redis: answers PING at 127.0.0.1:6379, not on a port where none listens', async (ctx) => {
    if (!redisUp) ctx.skip()
    const r = await withDb({ ...goodEnv(), REDIS_URL: 'redis://127.0.0.1:1' })
    expect(r.line('Redis')).toMatch(/\[erreur\].*127\.0\.0\.1:1 ne répond pas/)
    expect(r.exitCode).toBe(1)
  })

  it('a configuration config.ts refuses is said in French, one reason per variable, no stack trace', async () => {
    const env = goodEnv()
    delete env.WAVE_WEBHOOK_SECRET_CI
    const r = await doctor(env)
    expect(r.lines[0]).toMatch(
      /^\[erreur\] +Configuration : .*WAVE_API_KEY_CI demande WAVE_WEBHOOK_SECRET_CI/,
    )
    expect(r.printed).not.toMatch(/\n\s+at /)
    const half = await doctor({ ...goodEnv(), CINETPAY_SITE_ID: '', PUBLIC_ORIGIN: 'etal.example' })
    expect(half.lines[0]).toContain('PUBLIC_ORIGIN : une adresse http(s)')
    expect(half.exitCode).toBe(1)
  })

  it('the command itself prints the report and exits 1 on a fault', async () => {
    const root = resolve(import.meta.dirname, '../..')
    // Half a CinetPay contract: the secret of the notifications' x-token is missing.
    const env: Record<string, string | undefined> = { ...process.env, ...goodEnv() }
    delete env.CINETPAY_SECRET_KEY
    const run = await new Promise<{ code: number | null; out: string }>((done) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'src/server/scripts/doctor.ts'],
        { cwd: root, env, timeout: 60_000 },
        () => undefined,
      )
      let out = ''
      child.stdout!.on('data', (c: Buffer) => (out += c.toString()))
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()))
      child.on('exit', (code) => done({ code, out }))
    })
    expect(run.out).toContain(
      'Configuration : le serveur refuserait de démarrer : CinetPay : CINETPAY_API_KEY',
    )
    expect(run.out).not.toContain(CINETPAY.apiKey)
    expect(run.code).toBe(1)
  })
})

describe('before opening: the Wave portal\'s "Send test event"', () => {
  it("is answered 200 when signed with the country's webhook secret (nothing to do), 401 otherwise", async () => {
    const secret = 'wave_sn_WHS_secret-du-webhook'
    const t = await createTestApp({
      WAVE_API_URL: urls.wave,
      WAVE_API_KEY_SN: WAVE_KEYS.SN,
      WAVE_WEBHOOK_SECRET_SN: secret,
      PAYMENTS_FAKE: 'false',
    })
    try {
      // docs.wave.com/webhook: an event is { id, type, data }; the test event names no checkout session.
      const body = JSON.stringify({ id: 'AE_test', type: 'test.test_event', data: {} })
      const send = (signature: string) =>
        t.app.inject({
          method: 'POST',
          url: '/_api/payments/notify/wave/sn',
          headers: { 'content-type': 'application/json', 'wave-signature': signature },
          payload: body,
        })
      const now = Math.floor(Date.now() / 1000)
      expect((await send(waveSignature(body, secret, now))).statusCode).toBe(200)
      expect((await send(waveSignature(body, 'un-autre-secret', now))).statusCode).toBe(401)
    } finally {
      await t.close()
    }
  })
})
