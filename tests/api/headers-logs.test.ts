import { existsSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/server/api'
import { injectAnswer } from '../setup/live-stream'
import { clientDist } from '../../src/server/app'
import { createUser, login, PASSWORD, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The security headers of docs/security/run-time.md#headers-and-logs-testsapiheaders-logstestts on every answer, JSON-only POSTs (a cross-site form cannot
 * post), and one structured log line per refusal (401, 403, 429) without any secret in it.
 */
let t: TestApp
let rootCookie: string
beforeAll(async () => {
  t = await createTestApp()
  rootCookie = (await signedIn(t, 'root', 'SN')).cookie
})
afterAll(() => t.close())

const call = (app: TestApp, method: 'GET' | 'POST', url: string, cookie?: string) =>
  // The live orders' stream never ends: judged by its status and headers (tests/setup/live-stream.ts).
  injectAnswer(app.app, {
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(method === 'POST' ? { payload: {} } : {}),
  })

/** Each endpoint once as a visitor and once as root (logout last), then the SPA and an asset. */
async function everyAnswer(app: TestApp, cookie: string) {
  const answers: [string, LightMyRequestResponse][] = []
  const ordered = [...endpoints].sort(
    (a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')),
  )
  for (const ep of ordered) {
    answers.push([`${ep.method} ${ep.path} (visitor)`, await call(app, ep.method, ep.path)])
    answers.push([`${ep.method} ${ep.path} (root)`, await call(app, ep.method, ep.path, cookie)])
  }
  answers.push(['unknown /_api path', await call(app, 'GET', '/_api/nothing-here')])
  answers.push(['SPA page', await call(app, 'GET', '/boutique')])
  answers.push([`static ${assetPath()}`, await call(app, 'GET', assetPath())])
  return answers
}

/** A built asset when the client is built (CI builds it before the PostgreSQL run), else the SPA's fallback. */
function assetPath() {
  const dir = resolve(clientDist, 'assets')
  const file = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.js')) : undefined
  return file ? `/assets/${file}` : '/assets/not-built.js'
}

function expectHeaders(label: string, res: LightMyRequestResponse, production: boolean, url: string) {
  const h = res.headers
  expect(res.statusCode, label).toBeLessThan(500)
  if (url.startsWith('/assets/')) {
    // A built file gets only the headers a script or style obeys (docs/decisions/0028).
    expect(h['x-content-type-options'], label).toBe('nosniff')
    expect(h['cross-origin-resource-policy'], label).toBe('same-origin')
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'x-request-id',
      'last-modified',
      // Named by its content: never revalidated, never asked for in parts
      // (docs/rules/phones-offline.md#phone-first-load).
      'etag',
      'accept-ranges',
    ])
      expect(h[documentOnly], `${label} ${documentOnly}`).toBeUndefined()
    return
  }
  expect(String(h['content-security-policy']), label).toContain("frame-ancestors 'none'")
  // An API answer allows nothing; a page its own code (docs/security.md).
  expect(String(h['content-security-policy']), label).toContain(
    url.startsWith('/_api') ? "default-src 'none'" : "default-src 'self'",
  )
  expect(h['x-content-type-options'], label).toBe('nosniff')
  expect(h['referrer-policy'], label).toBe('strict-origin-when-cross-origin')
  expect(String(h['x-request-id']), label).toMatch(/^[0-9a-f-]{36}$/)
  if (url.startsWith('/_api')) expect(h['cache-control'], label).toBe('no-store')
  if (production) expect(String(h['strict-transport-security']), label).toMatch(/max-age=31536000/)
  else expect(h['strict-transport-security'], label).toBeUndefined()
}

describe('security headers on every answer', () => {
  it('every endpoint of the registry (visitor and root), an unknown API path, the SPA page and an asset', async () => {
    const answers = await everyAnswer(t, (await signedIn(t, 'root', 'SN')).cookie) // its logout comes last
    expect(answers.length).toBe(endpoints.length * 2 + 3)
    for (const [label, res] of answers) expectHeaders(label, res, false, label.split(' ')[1] ?? '')
    // One request id per answer (a built file has none).
    const ids = answers.slice(0, -1).map(([, r]) => r.headers['x-request-id'])
    expect(new Set(ids).size).toBe(ids.length)
    const asset = answers.at(-1)![1]
    if (assetPath() !== '/assets/not-built.js') expect(asset.headers['cache-control']).toContain('immutable')
  })

  it('with NODE_ENV=production, the same and HSTS', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' })
    try {
      const user = await createUser(prod.db, { role: 'root', country: 'SN' })
      const answers = await everyAnswer(prod, await login(prod, user.email))
      for (const [label, res] of answers) expectHeaders(label, res, true, label.split(' ')[1] ?? '')
    } finally {
      await prod.close()
    }
  }, 120_000)
})

describe('cross-site form posts', () => {
  const formTypes = {
    'application/x-www-form-urlencoded': 'email=a%40b.c&password=x',
    'multipart/form-data; boundary=XyZ':
      '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ--\r\n',
    'text/plain': '{"orderId":1,"status":"cancelled"}',
  }
  it('are refused with 415 on every POST endpoint, for each form content type, even with a session cookie', async () => {
    const posts = endpoints.filter((e) => e.method === 'POST' && !e.path.endsWith('/logout'))
    expect(posts.length).toBeGreaterThan(10)
    for (const ep of posts) {
      for (const [type, body] of Object.entries(formTypes)) {
        const res = await t.app.inject({
          method: 'POST',
          url: ep.path,
          headers: { 'content-type': type, origin: 'https://malveillant.example', cookie: rootCookie },
          payload: body,
        })
        // The caller is checked first (an endpoint root may not call answers 403), then the type.
        const rootMayCall = ep.roles === 'public' || ep.roles.includes('root')
        expect(res.statusCode, `${ep.path} ${type}`).toBe(rootMayCall ? 415 : 403)
        expect(res.json().code).toBe(rootMayCall ? 'UNSUPPORTED_MEDIA_TYPE' : 'FORBIDDEN')
      }
    }
    // The session survived: no form reached logout or any handler.
    expect((await call(t, 'GET', '/_api/auth/session', rootCookie)).statusCode).toBe(200)
  })
})

describe('refusals in the logs', () => {
  it('every 401, 403 and 429 logs one structured line with its status and request id, and no secret', async () => {
    const lines: string[] = []
    const app = await createTestApp(
      { LOG_LEVEL: 'info', API_RATE_PER_MINUTE: '40', LOGIN_MAX_FAILURES: '3' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    )
    try {
      const secrets: string[] = [PASSWORD]
      const client = await createUser(app.db, { country: 'SN' })
      const clientCookie = await login(app, client.email)
      const inactive = await createUser(app.db, { country: 'SN', isActive: false })
      const forged = 'etal_session=Zm9yZ2VkLXRva2VuLXZhbHVlLXRoYXQtaXMtbG9uZy1lbm91Z2g'
      const wrong = 'Mauvais-Secret-987!'
      secrets.push(clientCookie.split('=')[1]!, forged.split('=')[1]!, wrong)
      const inject = (
        method: 'GET' | 'POST',
        url: string,
        opts: { cookie?: string; payload?: object } = {},
      ) =>
        app.app.inject({
          method,
          url,
          headers: opts.cookie ? { cookie: opts.cookie } : {},
          ...(opts.payload ? { payload: opts.payload } : {}),
        })
      const loginAs = (email: string, password: string) =>
        inject('POST', '/_api/auth/login_with_password', { payload: { email, password } })

      const refused: [string, LightMyRequestResponse][] = [
        ['no session', await inject('GET', '/_api/admin/orders')],
        ['forged token', await inject('GET', '/_api/orders', { cookie: forged })],
        ['wrong password', await loginAs(client.email, wrong)],
        ['client on a staff endpoint', await inject('GET', '/_api/admin/orders', { cookie: clientCookie })],
        ['deactivated account', await loginAs(inactive.email, PASSWORD)],
      ]
      await loginAs(client.email, wrong)
      await loginAs(client.email, wrong)
      refused.push(['login limit', await loginAs(client.email, PASSWORD)])
      // The API's limit per IP, 40 a minute here.
      let limited: LightMyRequestResponse | undefined
      let answered: LightMyRequestResponse | undefined
      for (let i = 0; i < 60 && !limited; i++) {
        const res = await inject('GET', '/_api/countries')
        if (res.statusCode === 429) limited = res
        else answered ??= res
      }
      refused.push(['API rate limit', limited!])
      // The limit's counts are said on the refusal only, with when to retry (decision 0058).
      for (const count of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
        expect(answered!.headers[count], count).toBeUndefined()
      expect(limited!.headers['x-ratelimit-limit']).toBe('40')
      expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0)

      expect(refused.map(([label, r]) => `${label}:${r.statusCode}`)).toEqual([
        'no session:401',
        'forged token:401',
        'wrong password:401',
        'client on a staff endpoint:403',
        'deactivated account:401',
        'login limit:429',
        'API rate limit:429',
      ])
      const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
      for (const [label, res] of refused) {
        const id = res.headers['x-request-id']
        const mine = logged.filter((l) => l.reqId === id)
        const warnings = mine.filter((l) => Number(l.level) >= 40)
        expect(warnings, label).toHaveLength(1)
        expect(warnings[0], label).toMatchObject({
          reqId: id,
          status: res.statusCode,
          msg: 'request refused',
        })
      }
      // No password, cookie or token anywhere in the log.
      const all = lines.join('\n')
      for (const secret of secrets)
        expect(all.includes(secret), `log contains ${secret.slice(0, 6)}…`).toBe(false)
      expect(all).not.toMatch(/etal_session=/)
    } finally {
      await app.close()
    }
  }, 120_000)
})

describe('one line per request', () => {
  it('a request writes one log line: its method, address, status, time and request id', async () => {
    const lines: string[] = []
    const app = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    )
    try {
      const answers = [
        await app.app.inject({ url: '/_api/countries' }),
        await app.app.inject({ url: '/_api/nothing-here' }),
        // A password reset's link: its token never reaches the log.
        await app.app.inject({ url: '/reset-password?token=selecteur.secret-du-lien&x=1' }),
      ]
      const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
      for (const res of answers) {
        const id = res.headers['x-request-id']
        expect(id).toMatch(/^[0-9a-f-]{36}$/)
        const mine = logged.filter((l) => l.reqId === id)
        expect(mine, lines.join('\n')).toHaveLength(1)
        expect(mine[0]).toMatchObject({
          level: 30,
          method: 'GET',
          statusCode: res.statusCode,
          msg: 'request completed',
        })
        expect(mine[0]!.responseTime).toEqual(expect.any(Number))
      }
      expect(logged.find((l) => l.reqId === answers[2]!.headers['x-request-id'])!.url).toBe(
        '/reset-password?token=[caché]&x=1',
      )
      expect(lines.join('\n')).not.toContain('secret-du-lien')
      expect(lines.join('\n')).not.toContain('incoming request')
    } finally {
      await app.close()
    }
  })
})
