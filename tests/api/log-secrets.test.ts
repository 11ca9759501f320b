import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pino from 'pino'
import { safeLogOptions } from '../../src/server/runtime/log-safety'
import { createUser, PASSWORD, post, signedIn } from '../factories'
import { totpCode } from '../../src/server/services/people/two-factor'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * Decision 0017: a failed SQL statement is logged by its error code and statement, never by
 * its values (the argon2 hash of a chosen password, e-mails, phones, addresses); passwords,
 * hashes, cookies and authorization headers are redacted in every line.
 */
let t: TestApp
const lines: string[] = []
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  )
  // A real fault the test can provoke: a check the insert of this one name breaks. The
  // database's answer (23514) carries the failing row, the hash included, in its detail.
  await t.db.execute(
    sql.raw(`alter table users add constraint etal_test_panne check (display_name <> 'Provoque une panne')`),
  )
})
afterAll(() => t.close())

describe('secrets in the logs', () => {
  it('the mobile money providers’ keys, secrets and signatures are redacted in every line (docs/rules/money.md#payments)', async () => {
    lines.length = 0
    t.app.log.info(
      {
        apikey: 'cp-api-key-1',
        cinetpay: { apiKey: 'cp-api-key-2', siteId: '105900', secretKey: 'cp-secret-3' },
        body: { apikey: 'cp-api-key-4', site_id: '105900' },
        wave: { SN: { apiKey: 'wave-key-5', webhookSecret: 'wave-secret-6' } },
        keys: [{ apiKey: 'wave-key-7', webhookSecret: 'wave-secret-8' }],
        req: { headers: { 'x-token': 'token-9', 'wave-signature': 't=1,v1=sig-10' } },
        headers: {
          'x-token': 'token-11',
          'wave-signature': 't=1,v1=sig-12',
          authorization: 'Bearer wave-key-13',
        },
      },
      'un appel à un fournisseur',
    )
    const all = lines.join('\n')
    expect(all).toContain('un appel à un fournisseur')
    for (const secret of ['cp-api-key', 'cp-secret', 'wave-key', 'wave-secret', 'token-', 'sig-'])
      expect(all.includes(secret), secret).toBe(false)
  })

  it('a database error is logged with its code and statement, without the values it was given', async () => {
    const root = await signedIn(t, 'root', 'SN')
    const secrets = {
      password: 'Mot-De-Passe-Choisi-42!',
      email: 'personnel.secret@exemple.sn',
      phone: '+221 77 999 88 77',
      city: 'Quartier-Secret-Ndiaye',
    }
    lines.length = 0
    const res = await post(
      t,
      '/_api/admin/create-user',
      {
        email: secrets.email,
        password: secrets.password,
        displayName: 'Provoque une panne',
        phoneNumber: secrets.phone,
        city: secrets.city,
        country: 'Sénégal',
        role: 'admin',
      },
      root.cookie,
    )
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      error: 'Une erreur interne est survenue. Veuillez réessayer.',
      code: 'INTERNAL_ERROR',
    })
    const reqId = res.headers['x-request-id']
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    const errors = logged.filter((l) => Number(l.level) >= 50)
    expect(errors, lines.join('\n')).toHaveLength(1)
    const err = errors[0]!.err as Record<string, unknown>
    expect(errors[0]).toMatchObject({ reqId })
    expect(err).toMatchObject({
      code: '23514',
      constraint: 'etal_test_panne',
      statement: 'insert into users',
    })
    const all = lines.join('\n')
    for (const [name, value] of Object.entries(secrets))
      expect(all.includes(value), `the log holds the ${name}: ${all}`).toBe(false)
    expect(all).not.toContain('$argon2')
    expect(all).not.toContain('Failing row')
    expect(all).not.toContain('params')
  })

  it('passwords, hashes, cookies and authorization headers are redacted in every line', async () => {
    lines.length = 0
    t.app.log.info(
      {
        password: PASSWORD,
        body: { password: PASSWORD, newPassword: PASSWORD },
        user: { passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def', password_hash: '$argon2id$x' },
        req: { headers: { cookie: 'etal_session=abc', authorization: 'Bearer xyz' } },
        headers: {
          cookie: 'etal_session=abc',
          authorization: 'Bearer xyz',
          'set-cookie': 'etal_session=abc',
        },
      },
      'un objet sensible',
    )
    const all = lines.join('\n')
    expect(all).toContain('un objet sensible')
    for (const secret of [PASSWORD, '$argon2', 'etal_session=abc', 'Bearer xyz'])
      expect(all.includes(secret), secret).toBe(false)
  })
})

describe('staff two-factor in the logs (docs/security.md "Staff two-factor")', () => {
  it('no TOTP secret, code, recovery code or pending sign-in cookie reaches a line, even at debug', async () => {
    const u = await createUser(t.db, { role: 'super_admin', enrolled: false })
    lines.length = 0
    const first = await post(t, '/_api/auth/login_with_password', { email: u.email, password: PASSWORD })
    const pending = first.cookies.find((c) => c.name === 'etal_pending')!.value
    const inject = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie: `etal_pending=${pending}` } })
    const { secret } = (await inject('/_api/auth/two_factor/setup', {})).json()
    const code = totpCode(secret)
    await inject('/_api/auth/two_factor/enable', { code: '000000' })
    const done = await inject('/_api/auth/two_factor/enable', { code })
    const recovery: string[] = done.json().recoveryCodes
    expect(recovery).toHaveLength(10)
    // What a handler might log by mistake is redacted too.
    t.app.log.info(
      { secret, uri: `otpauth://totp/x?secret=${secret}`, recoveryCodes: recovery },
      'deux facteurs',
    )
    const all = lines.join('\n')
    expect(all).toContain('deux facteurs')
    // The code as a value (a bare 6-digit run could be part of a timestamp).
    for (const value of [secret, pending, `"${code}"`, ...recovery])
      expect(all.includes(value), value).toBe(false)
  })
})

/**
 * docs/security/outside-attack.md item 4: when the database goes away in the middle of a statement, the error has no
 * SQLSTATE; Drizzle's error around it said "params: " and every value (the argon2 hash, the
 * e-mail, the phone), and the log wrote that message. The test stops the database during a
 * registration's insert: PGlite is closed just before it; on PostgreSQL, the socket of the
 * connection running it is closed while the insert waits on a lock.
 */
describe('the database going away during a registration', () => {
  it('leaves none of the statement’s values in the log', async () => {
    const logged: string[] = []
    const app = await createTestApp(
      { LOG_LEVEL: 'info', REGISTER_PER_HOUR: '100' },
      { logStream: { write: (line: string) => void logged.push(line) } },
    )
    const secrets = {
      email: `client.secret.${Date.now()}@exemple.sn`,
      password: 'Secret-De-Client-77!',
      phone: '77 555 44 33',
      phoneStored: '+221 77 555 44 33',
      city: 'Quartier-Tres-Secret',
    }
    const register = () =>
      post(app, '/_api/auth/register_with_password', {
        email: secrets.email,
        password: secrets.password,
        displayName: 'Awa Secret',
        phoneNumber: secrets.phone,
        city: secrets.city,
        country: 'Sénégal',
      })
    let res: Awaited<ReturnType<typeof register>>
    if (app.deps.database.kind === 'pglite') {
      // The embedded database stops just as the account's insert is sent to it.
      const client = (app.db as unknown as { $client: PGlite }).$client
      const query = client.query.bind(client)
      client.query = (async (text: string, ...rest: unknown[]) => {
        if (/^insert into "users"/.test(text)) await client.close()
        return (query as (...a: unknown[]) => unknown)(text, ...rest)
      }) as typeof client.query
      // The insert runs in a transaction (one account per phone number, checked under a lock:
      // services/people/accounts.ts): there the database fails as PGlite does once closed, and closes after.
      const transaction = client.transaction.bind(client)
      client.transaction = (async (run: (tx: unknown) => Promise<unknown>) =>
        transaction(async (tx) => {
          const txQuery = tx.query.bind(tx)
          tx.query = (async (text: string, ...rest: unknown[]) => {
            if (/^insert into "users"/.test(text)) throw new Error('PGlite is closed')
            return (txQuery as (...a: unknown[]) => unknown)(text, ...rest)
          }) as typeof tx.query
          return run(tx)
        })) as typeof client.transaction
      res = await register()
      await client.close().catch(() => undefined)
    } else {
      // The connection running the insert drops while it waits on a lock the test holds.
      const admin = new pg.Client({ connectionString: app.config.DATABASE_URL })
      await admin.connect()
      try {
        await admin.query('begin')
        // SHARE: reads go on, an insert waits.
        await admin.query('lock table users in share mode')
        const pending = register()
        let killed = false
        while (!killed) {
          // The backend waiting for the table (its insert parsed, not yet run).
          const { rows } = await admin.query<{ pid: number }>(
            `select pid from pg_locks where relation = 'users'::regclass and not granted`,
          )
          if (rows.length > 0) {
            // The network drops under the statement: the socket of the connection running it closes
            // (node-postgres: "Connection terminated unexpectedly", no SQLSTATE).
            const pool = app.deps.database.pool as unknown as {
              _clients: { activeQuery: unknown; connection: { stream: { destroy(): void } } }[]
            }
            for (const c of pool._clients) if (c.activeQuery) c.connection.stream.destroy()
            killed = true
          }
          if (!killed) await new Promise((r) => setTimeout(r, 20))
        }
        await admin.query('rollback')
        res = await pending
      } finally {
        await admin.end()
      }
    }
    try {
      expect([500, 503]).toContain(res.statusCode)
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message'])
      const errors = logged.filter((l) => Number((JSON.parse(l) as { level: number }).level) >= 50)
      expect(errors.length, logged.join('\n')).toBeGreaterThanOrEqual(1)
      // The failed statement is named where the driver says which (PGlite). On PostgreSQL the
      // connection drops inside the account's transaction (one account per phone number) and the
      // line does not name the insert: what matters here, no value of it in the log, is checked below.
      if (app.deps.database.kind === 'pglite') expect(errors.join('\n')).toContain('insert into users')
      const all = logged.join('\n')
      for (const [name, value] of Object.entries(secrets))
        expect(all.includes(value), `the log holds the ${name}: ${all}`).toBe(false)
      expect(all).not.toContain('$argon2')
      expect(all).not.toContain('params')
    } finally {
      await app.close().catch(() => undefined)
    }
  }, 60_000)
})

describe('any error quoting a failed statement', () => {
  it('is logged without the text after "params:", whatever its type', () => {
    const logged: string[] = []
    const quoted = new Error(
      'La sauvegarde a échoué : Failed query: insert into "users" ("email") values ($1)\nparams: fuite@exemple.sn,$argon2id$v=19$abc',
    )
    const log = pino({ ...safeLogOptions }, { write: (l: string) => void logged.push(l) })
    log.error({ err: quoted }, 'sauvegarde')
    log.error({ err: new TypeError('un autre échec', { cause: quoted }) }, 'en cascade')
    const all = logged.join('\n')
    expect(all).toContain('La sauvegarde a échoué')
    expect(all).not.toContain('fuite@exemple.sn')
    expect(all).not.toContain('$argon2')
  })
})
