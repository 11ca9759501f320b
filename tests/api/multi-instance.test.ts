import { spawn, type ChildProcess } from 'node:child_process'
import pg from 'pg'
import superjson from 'superjson'
import { freshPgDatabase } from '../../scripts/pg-database'
import { freePort } from '../setup/free-port'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Two server processes on one PostgreSQL share sessions and login limits (docs/architecture.md#scale).
 * Needs a PostgreSQL server: runs when TEST_DATABASE_URL is set (as .ci/run does).
 */
const base = process.env.TEST_DATABASE_URL
const dbName = `etal_multi_${process.pid}`
const procs: ChildProcess[] = []
let urls: string[] = []

async function start(databaseUrl: string) {
  const port = await freePort()
  // One node process (tsx as a loader): SIGTERM reaches the server, not an npx wrapper that
  // would exit and leave the server running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Kept until a write drops it: what another instance sees comes from its notification.
      STOREFRONT_CACHE_MS: '600000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  procs.push(child)
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null)
      throw new Error(`server on ${port} exited (${child.exitCode}) before it served`)
    try {
      if ((await fetch(`${url}/_api/countries`)).ok) return url
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`server on ${port} did not start`)
}

const login = (url: string, email: string, password: string) =>
  fetch(`${url}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })

describe.skipIf(!base)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const u = new URL((await freshPgDatabase(base!, dbName, { throwaway: true })).url)
    // Started together: migrations and demo data must still happen once.
    urls = await Promise.all([start(u.toString()), start(u.toString())])
  }, 120_000)

  afterAll(async () => {
    await Promise.all(
      procs.map(
        (p) =>
          new Promise((resolve) => {
            if (p.exitCode !== null) return resolve(null)
            p.once('exit', resolve)
            p.kill('SIGTERM')
          }),
      ),
    )
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`drop database if exists ${dbName} with (force)`)
    await admin.end()
  })

  it('loads the demo data once although both started at the same time', async () => {
    const c = new pg.Client({ connectionString: base!.replace(/\/[^/]*$/, `/${dbName}`) })
    await c.connect()
    const { rows } = await c.query(`select count(*)::int as n from users where email = 'root@etal.demo'`)
    await c.end()
    expect(rows[0].n).toBe(1)
  })

  it('a session made on one works on the other, and a logout on one ends it on both', async () => {
    const [a, b] = urls as [string, string]
    const res = await login(a, 'client@etal.demo', 'Demo-2026!')
    expect(res.status).toBe(200)
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!
    expect((await fetch(`${b}/_api/auth/session`, { headers: { cookie } })).status).toBe(200)
    const out = await fetch(`${b}/_api/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(out.status).toBe(200)
    expect((await fetch(`${a}/_api/auth/session`, { headers: { cookie } })).status).toBe(401)
  })

  it('an order that takes the last kilos on one drops the catalogue the other has cached', async () => {
    const [a, b] = urls as [string, string]
    type Listed = { id: number; name: string; stock: { soldOut: boolean; left: number | null } }
    const read = async <T>(url: string, cookie?: string) =>
      superjson.parse<T>(await (await fetch(url, { headers: cookie ? { cookie } : {} })).text())
    const { countries } = await read<{ countries: { id: number; name: string }[] }>(`${b}/_api/countries`)
    const sn = countries.find((c) => c.name === 'Sénégal')!
    const catalogue = () => read<{ products: Listed[] }>(`${b}/_api/products?countryId=${sn.id}`)
    // The demo's leg of mutton: 3 kg a day (docs/rules/catalogue.md#stock). B caches the catalogue.
    const before = (await catalogue()).products.find((p) => p.name === 'Gigot de mouton')!
    expect(before.stock).toEqual({ soldOut: false, left: 3 })

    const cookie = (await login(a, 'client@etal.demo', 'Demo-2026!')).headers
      .get('set-cookie')!
      .split(';')[0]!
    const { cities } = await read<{ cities: { id: number; name: string }[] }>(
      `${a}/_api/cities?countryId=${sn.id}`,
    )
    // Thiès: a city without delivery slots, its zones without a minimum (the demo's).
    const thies = cities.find((c) => c.name === 'Thiès')!
    const { zones } = await read<{ zones: { id: number }[] }>(`${a}/_api/zones/by-city?cityId=${thies.id}`)
    const placed = await fetch(`${a}/_api/orders/create`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ productId: before.id, quantity: 3 }],
        deliveryCountry: 'Sénégal',
        deliveryCity: 'Thiès',
        zoneId: zones[0]!.id,
        deliveryAddress: 'Rue 10, porte 4',
        deliveryPhone: '+221 77 123 45 67',
        pointsToUse: 0,
      }),
    })
    expect(placed.status, await placed.clone().text()).toBe(201)
    await expect
      .poll(async () => (await catalogue()).products.find((p) => p.id === before.id)!.stock, {
        timeout: 5000,
      })
      .toEqual({ soldOut: true, left: 0 })
  })

  it('failed logins spread across both instances still reach 429', async () => {
    const [a, b] = urls as [string, string]
    for (let i = 0; i < 10; i++)
      expect((await login(i % 2 ? a : b, 'admin@etal.demo', `faux-${i}`)).status).toBe(401)
    expect((await login(a, 'admin@etal.demo', 'Demo-2026!')).status).toBe(429)
    expect((await login(b, 'admin@etal.demo', 'Demo-2026!')).status).toBe(429)
  })
})
