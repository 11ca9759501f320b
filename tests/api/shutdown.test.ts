import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { freePort } from '../setup/free-port'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { freshPgDatabase } from '../../scripts/pg-database'
import { loadConfig } from '../../src/server/config'
import { createDeps } from '../../src/server/deps'
import { DEMO_TOTP_SECRET } from '../../src/server/seed/demo-data'
import { sessionByCode } from '../two-factor'
import { pgBase, pgTitle } from '../setup/postgres-only'

/**
 * Decision 0017: the real server, under 32 readers of the admin order list and a few
 * checkouts, gets SIGTERM while the process reading its output goes away (its stdout pipe is
 * closed at the same moment). Whatever happens it must exit within the grace period (10 s,
 * checked here with a generous margin), and every order it acknowledged (201) must be stored.
 * Several rounds on each database: the hang was a race (2 servers of 4).
 */
const ROUNDS = 3
const READERS = 32
const BUYERS = 4
const EXIT_WITHIN_MS = 25_000 // the server's own grace is 10 s; the machine is shared and slow

let firstRefusal = ''
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Checkout = { body: string }

/** Migrates and seeds the demo data from the test process, and reads a valid checkout for client@etal.demo. */
async function prepare(url: string): Promise<Checkout> {
  const deps = await createDeps(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, SEED_DEMO: 'true' }),
  )
  try {
    const rows = async <T>(q: ReturnType<typeof sql>) =>
      ((await deps.database.db.execute(q)) as unknown as { rows: T[] }).rows
    const [place] = await rows<{ country: string; city: string; zone_id: number }>(
      sql`select co.name as country, ci.name as city, z.id as zone_id from zones z join cities ci on ci.id = z.city_id
       join countries co on co.id = ci.country_id where co.code = 'SN' and z.is_active and ci.is_active
         -- a city without delivery slots and a zone without a minimum: the checkout needs neither
         and not exists (select 1 from delivery_slots ds where ds.city_id = ci.id and ds.is_active)
         and z.min_order_amount is null
       order by z.id limit 1`,
    )
    const products = await rows<{ id: number }>(
      sql`select p.id from products p join countries co on co.id = p.country_id
       where co.code = 'SN' and p.is_active and p.archived_at is null and p.unit_type = 'unit'
         and not p.out_of_stock and p.out_of_stock_on is null and p.daily_quantity is null
       order by p.id limit 2`,
    )
    return {
      body: JSON.stringify({
        items: products.map((p) => ({ productId: p.id, quantity: 1 })),
        deliveryCountry: place!.country,
        deliveryCity: place!.city,
        zoneId: place!.zone_id,
        deliveryAddress: 'Rue 10, porte 4',
        deliveryPhone: '+221 77 123 45 67',
        pointsToUse: 0,
      }),
    }
  } finally {
    await deps.close()
  }
}

async function storedOrders(url: string, ids: number[]) {
  if (ids.length === 0) return []
  const deps = await createDeps(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, SEED_DEMO: 'false' }),
    { prepare: false },
  )
  try {
    const res = (await deps.database.db.execute(
      sql`select id from orders where id in ${sql.raw(`(${ids.join(',')})`)}`,
    )) as unknown as { rows: { id: number }[] }
    return res.rows.map((r) => r.id)
  } finally {
    await deps.close()
  }
}

async function start(url: string) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      SEED_DEMO: 'false',
      // As in production (the overload guard on), every request logged: the output is busy.
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      API_RATE_PER_MINUTE: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const keep = (chunk: Buffer) => void (out = (out + chunk.toString()).slice(-20_000))
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${out}`)
    if (i > 480) throw new Error(`server did not start: ${out}`)
    const ok = await fetch(`${base}/_api/countries`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await sleep(250)
  }
  return { child, base, output: () => out }
}

async function loginCookie(base: string, email: string) {
  const res = await fetch(`${base}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo-2026!' }),
  })
  expect(res.status).toBe(200)
  const pending = res.headers.getSetCookie()[0]!.split(';')[0]!
  if (!pending.startsWith('etal_pending=')) return pending
  // The demo's root signs in with its code too (README, docs/decisions/0053).
  return sessionByCode(DEMO_TOTP_SECRET, async (code) => {
    const r = await fetch(`${base}/_api/auth/two_factor/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: pending },
      body: JSON.stringify({ code }),
    })
    return { status: r.status, setCookies: r.headers.getSetCookie() }
  })
}

/** One round: load, then SIGTERM with the output pipe closed at once; returns how long the exit took and what was acknowledged. */
async function round(url: string, checkout: Checkout) {
  const { child, base, output } = await start(url)
  const root = await loginCookie(base, 'root@etal.demo')
  const client = await loginCookie(base, 'client@etal.demo')
  let stopped = false
  const acked: number[] = []
  let answered = 0
  const fail = { fiveHundreds: 0 }
  const reader = async () => {
    while (!stopped) {
      const res = await fetch(`${base}/_api/admin/orders?page=1&limit=15`, {
        headers: { cookie: root },
      }).catch(() => undefined)
      if (!res) return
      await res.arrayBuffer().catch(() => undefined)
      answered += 1
      if (res.status === 500) fail.fiveHundreds += 1
    }
  }
  const buyer = async (b: number) => {
    for (let i = 0; !stopped; i++) {
      const res = await fetch(`${base}/_api/orders/create`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: client,
          'idempotency-key': `shutdown-${Date.now()}-${b}-${i}`,
        },
        body: checkout.body,
      }).catch((e: unknown) => void (firstRefusal ||= String((e as Error).cause ?? e)))
      if (!res) return
      const text = await res.text().catch(() => '')
      if (res.status !== 201 && !firstRefusal) firstRefusal = `${res.status} ${text}`
      if (res.status === 201)
        acked.push((JSON.parse(text) as { json: { order: { id: number } } }).json.order.id)
      if (res.status === 500) fail.fiveHundreds += 1
    }
  }
  const load = [
    ...Array.from({ length: READERS }, reader),
    ...Array.from({ length: BUYERS }, (_, b) => buyer(b)),
  ]
  for (const until = Date.now() + 60_000; (answered < 200 || acked.length < 4) && Date.now() < until;)
    await sleep(50)

  const exited = new Promise<{ code: number | null; signal: string | null }>((r) =>
    child.once('exit', (code, signal) => r({ code, signal })),
  )
  const t0 = Date.now()
  // The reader of the output goes away as the supervisor sends SIGTERM.
  child.stdout!.destroy()
  child.stderr!.destroy()
  child.kill('SIGTERM')
  const result = await Promise.race([exited, sleep(EXIT_WITHIN_MS).then(() => undefined)])
  const ms = Date.now() - t0
  stopped = true
  let stuck = ''
  if (!result) {
    // Where its main thread waits (Linux): evidence for the report of a hang.
    try {
      stuck = `main thread in ${readFileSync(`/proc/${child.pid}/wchan`, 'utf8')}; syscall ${readFileSync(`/proc/${child.pid}/syscall`, 'utf8').split(' ')[0]}`
    } catch {
      stuck = 'main thread state unknown'
    }
    child.kill('SIGTERM') // a second SIGTERM, as an operator would
    await sleep(2000)
    child.kill('SIGKILL')
    await exited
  }
  await Promise.all(load)
  return { exited: result, ms, acked, fiveHundreds: fail.fiveHundreds, output: output(), stuck }
}

async function rounds(url: string) {
  const checkout = await prepare(url)
  for (let i = 0; i < ROUNDS; i++) {
    const r = await round(url, checkout)
    console.log(
      `shutdown round ${i + 1}: exit ${JSON.stringify(r.exited)} after ${r.ms} ms, ${r.acked.length} orders acknowledged ${r.stuck}`,
    )
    expect(
      r.exited,
      `round ${i + 1}: the server did not exit within ${EXIT_WITHIN_MS} ms of SIGTERM (${r.stuck})\n${r.output.slice(-3000)}`,
    ).toBeDefined()
    // 0: it closed cleanly, not by its own forced exit (1) nor killed by its watchdog (a signal).
    expect(r.exited, `round ${i + 1}: a clean exit\n${r.output.slice(-3000)}`).toEqual({
      code: 0,
      signal: null,
    })
    expect(r.fiveHundreds, `round ${i + 1}: answers of 500`).toBe(0)
    expect(r.acked.length, `some checkouts were acknowledged (${firstRefusal})`).toBeGreaterThan(0)
    const stored = await storedOrders(url, r.acked)
    expect(
      stored.sort((a, b) => a - b),
      'every acknowledged order is stored',
    ).toEqual([...r.acked].sort((a, b) => a - b))
  }
}

describe('SIGTERM under load with the output pipe closed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'etal-shutdown-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  // Slow on purpose (about 20 s): each round starts a real server process under tsx, loads it,
  // then stops it; no in-process app can prove a process exits in time.
  it(`PGlite: ${ROUNDS} servers stopped under load each exit in time, every acknowledged order kept`, async () => {
    await rounds(`file:${join(dir, 'db')}`)
  }, 400_000)
})

describe.skipIf(!pgBase)(pgTitle('SIGTERM under load with the output pipe closed, on PostgreSQL'), () => {
  const name = `etal_shutdown_${process.pid}`
  let drop: (() => Promise<void>) | undefined
  afterAll(async () => drop?.())

  it(`PostgreSQL: ${ROUNDS} servers stopped under load each exit in time, every acknowledged order kept`, async () => {
    const fresh = await freshPgDatabase(pgBase!, name, { throwaway: true })
    drop = fresh.drop
    await rounds(fresh.url)
  }, 400_000)
})
