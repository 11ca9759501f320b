import { createServer, Socket, type Server } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPgDatabase } from '../../scripts/pg-database'
import { createApp } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { createDeps } from '../../src/server/deps'
import { READY_KEPT_MS } from '../../src/server/http/health'
import { createUser, firstZoneOf, login, PASSWORD } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { pgBase, pgTitle } from '../setup/postgres-only'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import type { Db } from '../../src/server/db/client'
import * as schema from '../../src/server/db/schema'

/**
 * Decision 0017: `/_api/health` and `/_api/ready` for a load balancer, and the database going away
 * under load: 503 with Retry-After and a French message (never a 500), `/_api/ready` 503, the
 * outage logged once per interval, the shop serving again once the database is back, and every
 * acknowledged order kept.
 */

describe('health and readiness', () => {
  let t: TestApp
  const lines: string[] = []
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info', API_RATE_PER_MINUTE: '3' },
      { logStream: { write: (l: string) => void lines.push(l) } },
    )
  })
  afterAll(() => t.close())

  it('health says the process is up, ready that the database answers with every migration; neither is rate-limited nor logged at info', async () => {
    lines.length = 0
    for (let i = 0; i < 10; i++) {
      const health = await t.app.inject({ method: 'GET', url: '/_api/health' })
      expect(health.statusCode).toBe(200)
      expect(health.json()).toEqual({ status: 'ok' })
      const ready = await t.app.inject({ method: 'GET', url: '/_api/ready' })
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toMatchObject({ status: 'ready' })
      expect(ready.headers['cache-control']).toBe('no-store')
    }
    expect(lines.filter((l) => l.includes('/_api/health') || l.includes('/_api/ready'))).toEqual([])
  })

  it('ready answers 503 when a migration is missing', async () => {
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    )
    // What ready read is kept a second (docs/security/outside-attack.md item 6).
    await new Promise((r) => setTimeout(r, READY_KEPT_MS + 100))
    const ready = await t.app.inject({ method: 'GET', url: '/_api/ready' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toMatchObject({ code: 'MIGRATIONS_PENDING' })
    expect(ready.json().error).toMatch(/migration/)
    expect((await t.app.inject({ method: 'GET', url: '/_api/health' })).statusCode).toBe(200)
  })
})

/** A TCP proxy in front of PostgreSQL that the test cuts (every connection dropped, new ones refused) and restores. */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>()
  let up = true
  const server: Server = createServer((client) => {
    if (!up) return client.destroy()
    const upstream = new Socket()
    upstream.connect(target.port, target.host)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => undefined)
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      up = false
      for (const s of sockets) s.destroy()
    },
    restore() {
      up = true
    },
    close() {
      for (const s of sockets) s.destroy()
      return new Promise<void>((r) => server.close(() => r()))
    },
  }
}

describe.skipIf(!pgBase)(pgTitle('PostgreSQL going away under load'), () => {
  const name = `etal_outage_${process.pid}`
  let drop: () => Promise<void>
  let proxy: Awaited<ReturnType<typeof startProxy>>
  let app: Awaited<ReturnType<typeof createApp>>
  let close: () => Promise<void>
  let direct: pg.Client
  const lines: string[] = []

  beforeAll(async () => {
    const fresh = await freshPgDatabase(pgBase!, name, { throwaway: true })
    drop = fresh.drop
    const u = new URL(fresh.url)
    proxy = await startProxy({ host: u.hostname, port: Number(u.port || 5432) })
    u.hostname = '127.0.0.1'
    u.port = String(proxy.port)
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: u.toString(),
      SEED_DEMO: 'true',
      STOREFRONT_CACHE_MS: '0',
      API_RATE_PER_MINUTE: '1000000',
      READY_RATE_PER_MINUTE: '1000000',
    })
    const deps = await createDeps(config)
    app = await createApp(deps, { logStream: { write: (l: string) => void lines.push(l) } })
    await app.ready()
    close = async () => {
      await app.close()
      await deps.close()
    }
    direct = new pg.Client({ connectionString: fresh.url })
    await direct.connect()
  }, 60_000)

  afterAll(async () => {
    await close?.()
    await direct?.end()
    await proxy?.close()
    await drop?.()
  })

  it('answers 503 with Retry-After while the database is unreachable, logs it once per interval, serves again after, keeps every acknowledged order', async () => {
    // A client and a valid checkout, written straight to the database (not through the proxy).
    const db = drizzle(direct, { schema, casing: 'snake_case' }) as unknown as Db
    const user = await createUser(db, { country: 'SN' })
    const cookie = await login({ app } as TestApp, user.email, PASSWORD)
    const { country, city, zone } = await firstZoneOf(db, 'SN')
    const { rows: products } = await direct.query(
      `select id from products where country_id = $1 and is_active and archived_at is null and unit_type = 'unit' order by id limit 2`,
      [country.id],
    )
    expect(products.length).toBe(2)
    const checkout = {
      items: products.map((p: { id: number }) => ({ productId: p.id, quantity: 1 })),
      deliveryCountry: country.name,
      deliveryCity: city.name,
      zoneId: zone.id,
      deliveryAddress: 'Rue 10, porte 4',
      deliveryPhone: '+221 77 123 45 67',
      pointsToUse: 0,
    }

    type Answer = { phase: string; status: number; body: string; retryAfter?: string; url: string }
    const answers: Answer[] = []
    const acked: number[] = []
    let phase = 'before'
    let stop = false
    let seq = 0
    const reader = async () => {
      while (!stop) {
        for (const url of ['/_api/products', '/_api/orders', '/_api/ready', '/_api/health']) {
          const res = await app.inject({ method: 'GET', url, headers: { cookie } })
          answers.push({
            phase,
            status: res.statusCode,
            body: res.body,
            retryAfter: res.headers['retry-after'] as string | undefined,
            url,
          })
        }
        await new Promise((r) => setTimeout(r, 5))
      }
    }
    const buyer = async () => {
      while (!stop) {
        const res = await app.inject({
          method: 'POST',
          url: '/_api/orders/create',
          headers: { cookie, 'idempotency-key': `outage-${process.pid}-${++seq}` },
          payload: checkout,
        })
        answers.push({
          phase,
          status: res.statusCode,
          body: res.body,
          retryAfter: res.headers['retry-after'] as string | undefined,
          url: 'checkout',
        })
        if (res.statusCode === 201)
          acked.push((JSON.parse(res.body) as { json: { order: { id: number } } }).json.order.id)
      }
    }
    const load = [reader(), reader(), reader(), buyer(), buyer()]
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
    await sleep(1500)
    phase = 'outage'
    const linesBefore = lines.length
    proxy.cut()
    await sleep(4000)
    const outageLines = lines.slice(linesBefore)
    phase = 'after'
    proxy.restore()
    // Serving again: a checkout and the readiness probe succeed within moments.
    let readyAgain = false
    for (const until = Date.now() + 20_000; Date.now() < until && !readyAgain; await sleep(100)) {
      readyAgain = (await app.inject({ method: 'GET', url: '/_api/ready' })).statusCode === 200
    }
    expect(readyAgain, 'ready again after the restart').toBe(true)
    const ackedBeforeEnd = acked.length
    await sleep(1500)
    stop = true
    await Promise.all(load)

    const during = answers.filter((a) => a.phase === 'outage')
    const summary = (xs: Answer[]) =>
      JSON.stringify(
        Object.entries(
          xs.reduce<Record<string, number>>(
            (m, a) => ((m[`${a.url} ${a.status}`] = (m[`${a.url} ${a.status}`] ?? 0) + 1), m),
            {},
          ),
        ),
      )
    console.log(
      `outage: ${during.length} answers during the cut ${summary(during)}; ${acked.length} orders acknowledged; ${outageLines.length} log lines during the cut`,
    )
    // No 500 at all, before, during or after.
    expect(
      answers.filter((a) => a.status >= 500 && a.status !== 503),
      summary(answers),
    ).toEqual([])
    // During the cut, those that needed the database answered 503, in French, with Retry-After.
    const unavailable = during.filter((a) => a.status === 503)
    expect(unavailable.length).toBeGreaterThan(20)
    for (const a of unavailable) {
      expect(a.retryAfter, a.url).toBeDefined()
      expect(JSON.parse(a.body)).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        error: expect.stringMatching(/base de données/),
      })
    }
    expect(during.filter((a) => a.url === '/_api/ready' && a.status === 503).length).toBeGreaterThan(0)
    expect(during.filter((a) => a.url === '/_api/health').every((a) => a.status === 200)).toBe(true)
    // Logged once per interval (10 s): at most two error lines for a 4-second cut, not one per request.
    const errorLines = outageLines.filter((l) => Number((JSON.parse(l) as { level: number }).level) >= 50)
    expect(errorLines.length, errorLines.join('\n')).toBeGreaterThanOrEqual(1)
    expect(errorLines.length, errorLines.join('\n')).toBeLessThanOrEqual(2)
    // Serving again after the restart: checkouts acknowledged.
    expect(
      answers.filter((a) => a.phase === 'after' && a.url === 'checkout' && a.status === 201).length,
    ).toBeGreaterThan(0)
    expect(acked.length).toBeGreaterThan(ackedBeforeEnd - 1)
    // Every acknowledged order is stored.
    const { rows } = await direct.query('select id from orders where id = any($1)', [acked])
    expect(rows.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual(
      [...acked].sort((a, b) => a - b),
    )
  }, 120_000)
})
