import { spawn, type ChildProcess } from 'node:child_process'
import { freePort } from '../setup/free-port'
import pg from 'pg'
import { freshPgDatabase } from '../../scripts/pg-database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgBase, pgTitle } from '../setup/postgres-only'

/**
 * The real server, killed with SIGKILL in the middle of 100 concurrent checkouts, then
 * restarted: whatever it acknowledged is there exactly once, and nothing it left half-done is
 * visible (an order is one transaction with its items, event and points debit).
 */
const dbName = `etal_crash_${process.pid}`
const CHECKOUTS = 100
const CLIENTS = 4
let server: ChildProcess | undefined
let db: pg.Client
let url = ''
const serverErrors: string[] = []

/** One node process (tsx as a loader, not a wrapper): SIGKILL reaches the server itself. */
async function start(databaseUrl: string) {
  const port = await freePort()
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      REGISTER_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  // Its error lines, to show with a failure (an unexpected 500 says why here).
  server
    .stdout!.setEncoding('utf8')
    .on('data', (chunk: string) => serverErrors.push(...chunk.split('\n').filter(Boolean)))
  url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`)
    try {
      if ((await fetch(`${url}/_api/countries`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not start')
}

function kill(signal: NodeJS.Signals) {
  const child = server
  return new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill(signal)
  })
}

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

const rows = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await db.query(text, values)).rows as T[]

type Attempt = { client: number; key: string; acked?: { status: number; orderId?: number } }

describe.skipIf(!pgBase)(pgTitle('a crash in the middle of checkouts'), () => {
  const cookies: string[] = []
  const userIds: number[] = []
  let payload: Record<string, unknown>
  const attempts: Attempt[] = []

  beforeAll(async () => {
    const u = new URL((await freshPgDatabase(pgBase!, dbName, { throwaway: true })).url)
    db = new pg.Client({ connectionString: u.toString() })
    await start(u.toString())
    await db.connect()

    const [place] = await rows<{ country: string; city: string; zone_id: number }>(
      `select co.name as country, ci.name as city, z.id as zone_id from zones z join cities ci on ci.id = z.city_id
       join countries co on co.id = ci.country_id where co.code = 'SN' and z.is_active and ci.is_active
         -- a city without delivery slots and a zone without a minimum: the checkout needs neither
         and not exists (select 1 from delivery_slots ds where ds.city_id = ci.id and ds.is_active)
         and z.min_order_amount is null
       order by z.id limit 1`,
    )
    const products = await rows<{ id: number }>(
      `select p.id from products p join countries co on co.id = p.country_id
       where co.code = 'SN' and p.is_active and p.archived_at is null and p.unit_type = 'unit'
         and not p.out_of_stock and p.out_of_stock_on is null and p.daily_quantity is null
       order by p.id limit 2`,
    )
    expect(products.length).toBe(2)
    payload = {
      items: products.map((p) => ({ productId: p.id, quantity: 1 })),
      deliveryCountry: place!.country,
      deliveryCity: place!.city,
      zoneId: place!.zone_id,
      deliveryAddress: 'Rue 10, porte 4',
      deliveryPhone: '+221 77 123 45 67',
      pointsToUse: 100,
    }
    for (let i = 0; i < CLIENTS; i++) {
      const res = await postJson('/_api/auth/register_with_password', {
        email: `crash${i}@test.etal`,
        password: 'Secret-123!',
        displayName: `Client ${i}`,
        // Each its own number: one account per number (docs/rules/people.md#accounts).
        phoneNumber: `77 ${3_000_000 + i}`,
        city: place!.city,
        country: place!.country,
      })
      expect(res.status).toBe(201)
      cookies.push(res.headers.get('set-cookie')!.split(';')[0]!)
      userIds.push(((await res.json()) as { user: { id: number } }).user.id)
    }
    // 1000 points each, balance and ledger together: enough for 10 of its 25 checkouts.
    await db.query('begin')
    await db.query(`update users set loyalty_points = loyalty_points + 1000 where id = any($1)`, [userIds])
    await db.query(
      `insert into loyalty_transactions (user_id, transaction_type, points, description)
       select id, 'bonus', 1000, 'Bonus de test' from unnest($1::int[]) as id`,
      [userIds],
    )
    await db.query('commit')
  }, 120_000)

  afterAll(async () => {
    await kill('SIGTERM')
    await db?.end().catch(() => undefined)
    const admin = new pg.Client({ connectionString: pgBase })
    await admin.connect()
    await admin.query(`drop database if exists ${dbName} with (force)`)
    await admin.end()
  })

  it('survives SIGKILL during 100 concurrent checkouts: acknowledged orders exist once, nothing is half-written', async () => {
    for (let i = 0; i < CHECKOUTS; i++)
      attempts.push({ client: i % CLIENTS, key: `crash-${i}-${Date.now()}` })
    let answered = 0
    let killing: Promise<void> | undefined
    const fired = attempts.map(async (a) => {
      try {
        const res = await postJson('/_api/orders/create', payload, {
          cookie: cookies[a.client]!,
          'idempotency-key': a.key,
        })
        const body = (await res.text()) || '{}'
        const orderId = res.ok
          ? (JSON.parse(body) as { json: { order: { id: number } } }).json.order.id
          : undefined
        a.acked = { status: res.status, orderId }
      } catch {
        // the connection died with the server: not acknowledged
      }
      answered += 1
      // Killed once a few answers are out, with most requests still in flight.
      if (answered === 8) killing = kill('SIGKILL')
    })
    await Promise.all(fired)
    await killing
    expect(server!.signalCode).toBe('SIGKILL')

    const acked = attempts.filter((a) => a.acked)
    const lost = attempts.filter((a) => !a.acked)
    expect(acked.length).toBeGreaterThanOrEqual(8)
    expect(lost.length, 'the kill came after every answer: nothing was in flight').toBeGreaterThan(0)
    expect(
      acked.every((a) => a.acked!.status === 201 || a.acked!.status === 400),
      JSON.stringify({ answers: acked.map((a) => a.acked), serverErrors }),
    ).toBe(true)

    await start(`${pgBase!.replace(/\/[^/]*$/, '')}/${dbName}`)

    const [count] = await rows<{ n: number }>(
      `select count(*)::int as n from orders where user_id = any($1)`,
      [userIds],
    )
    console.log(
      `crash: killed after ${acked.length} answers; ${count!.n} orders committed, ${lost.length} requests lost`,
    )
    // Every acknowledged order exists exactly once, its key pointing at it.
    for (const a of acked.filter((x) => x.acked!.status === 201)) {
      const found = await rows(`select id, user_id from orders where id = $1`, [a.acked!.orderId])
      expect(found).toEqual([{ id: a.acked!.orderId, user_id: userIds[a.client] }])
      const keys = await rows(`select order_id from idempotency_keys where key = $1`, [a.key])
      expect(keys).toEqual([{ order_id: a.acked!.orderId }])
    }
    await expectConsistent()

    // Retrying every attempt with its key: an acknowledged one answers its own order (200), a
    // lost one either finds the order the dead server committed (200) or places it now.
    for (const a of attempts) {
      const res = await postJson('/_api/orders/create', payload, {
        cookie: cookies[a.client]!,
        'idempotency-key': a.key,
      })
      const body = (await res.json()) as { json?: { order: { id: number } } }
      if (a.acked?.status === 201) {
        expect(res.status).toBe(200)
        expect(body.json!.order.id).toBe(a.acked.orderId)
      } else {
        expect([200, 201, 400]).toContain(res.status)
      }
    }
    await expectConsistent()
    // Every client now has exactly what its points allowed: 10 orders of 100 points, never an extra one.
    const perUser = await rows<{ user_id: number; n: number }>(
      `select user_id, count(*)::int as n from orders where user_id = any($1) group by user_id order by user_id`,
      [userIds],
    )
    expect(perUser.map((r) => r.n)).toEqual(userIds.map(() => 10))
  }, 180_000)

  /** The invariants a crash must not break, over the whole database. */
  async function expectConsistent() {
    expect(
      await rows(
        `select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
      ),
    ).toEqual([])
    expect(
      await rows(
        `select o.id from orders o where not exists (select 1 from order_events e where e.order_id = o.id and e.type = 'created')`,
      ),
    ).toEqual([])
    // Points move with their order: no order movement without an order of that user, and
    // every order that spent points has exactly its debit.
    expect(
      await rows(
        `select l.id from loyalty_transactions l left join orders o on o.id = l.order_id
         where l.transaction_type in ('redeemed', 'earned') and (o.id is null or o.user_id <> l.user_id)`,
      ),
    ).toEqual([])
    expect(
      await rows(
        `select o.id from orders o where o.user_id = any($1) and o.points_used <> -coalesce(
           (select sum(points) from loyalty_transactions l where l.order_id = o.id and l.transaction_type = 'redeemed'), 0)`,
        [userIds],
      ),
    ).toEqual([])
    // Keys are either claimed by a committed order or gone with their rolled-back transaction.
    expect(await rows(`select key from idempotency_keys where order_id is null`)).toEqual([])
    expect(
      await rows(
        `select u.id, u.loyalty_points, coalesce(sum(l.points), 0)::int as ledger from users u
         left join loyalty_transactions l on l.user_id = u.id group by u.id
         having u.loyalty_points <> coalesce(sum(l.points), 0) or u.loyalty_points < 0`,
      ),
    ).toEqual([])
  }
})
