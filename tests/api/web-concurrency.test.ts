import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import pg from 'pg'
import superjson from 'superjson'
import { freshPgDatabase } from '../../scripts/pg-database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config'
import { planWorkers } from '../../src/server/workers'
import { DEMO_TOTP_SECRET } from '../../src/server/seed/demo-data'
import { sessionByCode } from '../two-factor'
import { pgBase, pgTitle } from '../setup/postgres-only'
import { freePort } from '../setup/free-port'

/**
 * WEB_CONCURRENCY=2 on one PostgreSQL: the real server (node:cluster), two workers on one port.
 * Each request goes on a new connection, which the primary hands to the workers in turn; the
 * workers name themselves in `x-etal-worker` under NODE_ENV=test. Proves that sessions, login
 * limits, the per-IP API limit and the storefront cache hold across workers, that a dead worker
 * is replaced and that SIGTERM stops them all. No timings: polling with generous deadlines.
 */

type Res = { status: number; headers: http.IncomingHttpHeaders; body: string; worker: string }

let port = 0
let ipSeq = 0
/** A client address of its own for each call, unless the test gives one (TRUST_PROXY=true). */
const freshIp = () => `10.77.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`

function call(
  method: 'GET' | 'POST',
  path: string,
  opts: { ip?: string; cookie?: string; body?: unknown } = {},
): Promise<Res> {
  const payload = method === 'POST' ? JSON.stringify(opts.body ?? {}) : undefined
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false, // a new connection: the primary picks the next worker
        headers: {
          'x-forwarded-for': opts.ip ?? freshIp(),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            worker: String(res.headers['x-etal-worker'] ?? ''),
          }),
        )
      },
    )
    // A connection the primary handed to a worker just killed is never answered: give up on it
    // as a client would, so that a test polling after a kill makes its next call.
    req.setTimeout(10_000, () => req.destroy(new Error('no answer in 10 s')))
    req.on('error', reject)
    req.end(payload)
  })
}

/** Repeats an idempotent call until a worker that `wanted` accepts answers it. */
async function on(wanted: (worker: string) => boolean, fn: () => Promise<Res>) {
  for (let i = 0; i < 40; i++) {
    const res = await fn()
    if (res.worker && wanted(res.worker)) return res
  }
  throw new Error('no wanted worker answered in 40 calls')
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const cookieOf = (res: Res) => String(res.headers['set-cookie']?.[0] ?? '').split(';')[0]!
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
/** SIGTERM, then SIGKILL if it has not exited 20 s later. */
function stop(child: ChildProcess) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(null)
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000)
    child.once('exit', () => resolve(clearTimeout(force)))
    child.kill('SIGTERM')
  })
}
const login = (email: string, password: string, ip?: string) =>
  call('POST', '/_api/auth/login_with_password', { ip, body: { email, password } })

describe('WEB_CONCURRENCY on the embedded database', () => {
  it('runs one process, with a warning, when PGlite is the database', () => {
    const plan = planWorkers(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'file:./data/db' }))
    expect(plan.workers).toBe(1)
    expect(plan.warning).toMatch(/WEB_CONCURRENCY=4 ignoré.*PGlite/)
    expect(planWorkers(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'memory:' })).workers).toBe(1)
    expect(planWorkers(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://h/db' }))).toEqual({
      workers: 4,
    })
    expect(planWorkers(loadConfig({}))).toEqual({ workers: 1 })
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow()
  })

  // Several seconds: a real server process under tsx, started and read from its output.
  it('the server logs the warning and serves from a single process', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        WEB_CONCURRENCY: '3',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: 'memory:',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
    try {
      // Generous: the machines are slow and shared.
      for (let i = 0; i < 600 && !out.includes('Étal est prêt') && child.exitCode === null; i++)
        await sleep(250)
      expect(out, out).toContain('Étal est prêt')
      expect(out).toMatch(/"level":40,.*WEB_CONCURRENCY=3 ignoré/)
      expect(out.match(/Server listening/g)).toHaveLength(1)
      port = Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1])
      const res = await call('GET', '/_api/countries')
      expect(res.status).toBe(200)
      expect(res.worker).toBe('') // not a cluster worker
    } finally {
      await stop(child)
    }
  }, 200_000)
})

describe.skipIf(!pgBase)(pgTitle('WEB_CONCURRENCY=2 on PostgreSQL'), () => {
  const dbName = `etal_workers_${process.pid}`
  let server: ChildProcess
  let db: pg.Client
  let workers: string[] = []

  beforeAll(async () => {
    const u = new URL((await freshPgDatabase(pgBase!, dbName, { throwaway: true })).url)
    port = await freePort()
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: u.toString(),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        TRUST_PROXY: 'true',
        API_RATE_PER_MINUTE: '12',
        LOGIN_MAX_FAILURES: '4',
        // Far longer than any test: what the other workers see at once came by NOTIFY.
        STOREFRONT_CACHE_MS: '60000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    let ready = false
    for (let i = 0; i < 360 && !ready && server.exitCode === null; i++) {
      ready = (await call('GET', '/_api/countries').catch(() => undefined))?.status === 200
      if (!ready) await sleep(500)
    }
    if (!ready) throw new Error('the server with two workers did not start')
    // The first worker may answer long before the second is listening on a loaded machine:
    // wait until both have answered once, so that the tests below find two.
    const answered = new Set<string>()
    for (let i = 0; i < 600 && answered.size < 2 && server.exitCode === null; i++) {
      const res = await call('GET', '/_api/countries').catch(() => undefined)
      if (res?.worker) answered.add(res.worker)
      if (answered.size < 2) await sleep(100)
    }
    db = new pg.Client({ connectionString: u.toString() })
    await db.connect()
  }, 200_000)

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      await new Promise((resolve) => {
        server.once('exit', resolve)
        server.kill('SIGKILL') // the workers exit when their primary's channel closes
      })
    }
    await db?.end().catch(() => undefined)
    const admin = new pg.Client({ connectionString: pgBase })
    await admin.connect()
    await admin.query(`drop database if exists ${dbName} with (force)`)
    await admin.end()
  })

  it('serves requests from two worker processes, not the primary', async () => {
    const seen = new Set<string>()
    for (let i = 0; i < 40 && seen.size < 2; i++) {
      const res = await call('GET', '/_api/countries')
      expect(res.status).toBe(200)
      seen.add(res.worker)
    }
    workers = [...seen]
    expect(workers).toHaveLength(2)
    expect(workers).not.toContain('')
    expect(workers).not.toContain(String(server.pid))
  })

  it('a session made on one worker is valid on the other, and a logout on one ends it on both', async () => {
    const res = await login('client@etal.demo', 'Demo-2026!')
    expect(res.status).toBe(200)
    const cookie = cookieOf(res)
    const other = await on(
      (w) => w !== res.worker,
      () => call('GET', '/_api/auth/session', { cookie }),
    )
    expect(other.status).toBe(200)
    const out = await on(
      (w) => w === other.worker,
      () => call('POST', '/_api/auth/logout', { cookie }),
    )
    expect(out.status).toBe(200)
    expect(
      (
        await on(
          (w) => w === res.worker,
          () => call('GET', '/_api/auth/session', { cookie }),
        )
      ).status,
    ).toBe(401)
  })

  it('failed logins spread across the workers reach the limit once (LOGIN_MAX_FAILURES=4)', async () => {
    const ip = '203.0.113.7'
    const failedOn = new Set<string>()
    for (let i = 0; i < 4; i++) {
      const res = await login('admin@etal.demo', `faux-${i}`, ip)
      expect(res.status).toBe(401)
      failedOn.add(res.worker)
    }
    expect(failedOn.size).toBe(2)
    // Even the right password is refused now, by every worker.
    const blockedOn = new Set<string>()
    for (let i = 0; i < 6 && blockedOn.size < 2; i++) {
      const res = await login('admin@etal.demo', 'Demo-2026!', ip)
      expect(res.status).toBe(429)
      blockedOn.add(res.worker)
    }
    expect(blockedOn.size).toBe(2)
  })

  it('counts the per-IP API limit once across the workers (API_RATE_PER_MINUTE=12)', async () => {
    const ip = '203.0.113.9'
    const okOn = new Set<string>()
    for (let i = 0; i < 12; i++) {
      const res = await call('GET', '/_api/countries', { ip })
      expect(res.status).toBe(200)
      okOn.add(res.worker)
    }
    // Both workers answered: each on its own would have let 12 through, 24 in all. One count
    // refuses the 13th, whichever worker gets it.
    expect(okOn.size).toBe(2)
    const refusedOn = new Set<string>()
    for (let i = 0; i < 4; i++) {
      const res = await call('GET', '/_api/countries', { ip })
      expect(res.status).toBe(429)
      expect(JSON.parse(res.body)).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
      refusedOn.add(res.worker)
    }
    expect(refusedOn.size).toBe(2)
    // Another client is not affected.
    expect((await call('GET', '/_api/countries')).status).toBe(200)
  })

  it('a product write through one worker is seen by the other without waiting for the cache to expire', async () => {
    type Product = { id: number; name: string }
    const productsOn = async (wanted: (w: string) => boolean) => {
      const res = await on(wanted, () => call('GET', '/_api/products'))
      expect(res.status).toBe(200)
      return { worker: res.worker, products: superjson.parse<{ products: Product[] }>(res.body).products }
    }
    const [a, b] = workers as [string, string]
    const first = (await productsOn((w) => w === a)).products[0]!
    await productsOn((w) => w === b)
    // Both hold the list: a change the app did not make (no NOTIFY) is not seen for a minute.
    await db.query('update products set name = $1 where id = $2', ['Changé en base', first.id])
    for (const w of [a, b]) {
      expect((await productsOn((x) => x === w)).products.find((p) => p.id === first.id)?.name).toBe(
        first.name,
      )
    }

    const root = await login('root@etal.demo', 'Demo-2026!')
    expect(root.status).toBe(200)
    // The demo's root signs in with its code too (README, docs/decisions/0053).
    const rootCookie = await sessionByCode(DEMO_TOTP_SECRET, async (code) => {
      const r = await call('POST', '/_api/auth/two_factor/verify', { cookie: cookieOf(root), body: { code } })
      return { status: r.status, setCookies: [r.headers['set-cookie'] ?? []].flat() }
    })
    const write = await call('POST', '/_api/admin/products/update', {
      cookie: rootCookie,
      body: { id: first.id, name: 'Renommé par un worker' },
    })
    expect(write.status).toBe(200)
    const other = write.worker === a ? b : a
    // The writer dropped its copy before answering; the other hears the NOTIFY within moments
    // (polled for 15 s, a quarter of the 60 s cache).
    expect((await productsOn((w) => w === write.worker)).products.find((p) => p.id === first.id)?.name).toBe(
      'Renommé par un worker',
    )
    let name: string | undefined
    for (const until = Date.now() + 15_000; Date.now() < until; await sleep(100)) {
      name = (await productsOn((w) => w === other)).products.find((p) => p.id === first.id)?.name
      if (name === 'Renommé par un worker') break
    }
    expect(name).toBe('Renommé par un worker')
  })

  it('replaces a worker that dies', async () => {
    const victim = Number(workers[0])
    const survivor = workers[1]!
    process.kill(victim, 'SIGKILL')
    const seen = new Set<string>()
    for (const until = Date.now() + 120_000; Date.now() < until && seen.size < 1; await sleep(250)) {
      const res = await call('GET', '/_api/countries').catch(() => undefined)
      if (res?.status === 200 && res.worker !== survivor) seen.add(res.worker)
    }
    const [replacement] = [...seen]
    expect(replacement).toBeDefined()
    expect(replacement).not.toBe(String(victim))
    expect(alive(victim)).toBe(false)
    workers = [survivor, replacement!]
    // Both answer again.
    const now = new Set<string>()
    for (let i = 0; i < 10 && now.size < 2; i++) now.add((await call('GET', '/_api/countries')).worker)
    expect([...now].sort()).toEqual([...workers].sort())
  }, 150_000)

  it('stops the primary and every worker cleanly on SIGTERM', async () => {
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server.once('exit', (code, signal) => resolve({ code, signal })),
    )
    server.kill('SIGTERM')
    expect(await exited).toEqual({ code: 0, signal: null })
    for (const pid of workers) expect(alive(Number(pid)), `worker ${pid}`).toBe(false)
    await expect(call('GET', '/_api/countries')).rejects.toThrow()
  }, 60_000)
})
