import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPgDatabase } from '../../scripts/pg-database'
import { createApp } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { createDeps } from '../../src/server/deps'
import { createProduct, createUser, decode, deliveryIn, PASSWORD } from '../factories'
import { openStream } from '../setup/live-stream'
import { pgBase, pgTitle } from '../setup/postgres-only'

/**
 * docs/rules/orders.md#live: two app instances on one PostgreSQL; an order written through one
 * reaches a stream opened on the other (LISTEN/NOTIFY), and a listener whose connection is cut
 * reconnects and tells its streams to read again.
 */
describe.skipIf(!pgBase)(pgTitle('live orders across instances (PostgreSQL)'), () => {
  const dbName = `etal_live_${process.pid}`
  let drop: () => Promise<void>
  const instances: { base: string; close(): Promise<void>; deps: Awaited<ReturnType<typeof createDeps>> }[] =
    []
  const streams: { close(): Promise<void> }[] = []

  async function instance(url: string, prepare: boolean) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      SEED_DEMO: 'false',
    })
    const deps = await createDeps(config, { prepare })
    const app = await createApp(deps)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const it = {
      base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      deps,
      async close() {
        // The test's fetch (undici) holds its sockets past their answers: closed here, as the
        // server's shutdown bounds them (src/server/server.ts).
        const closing = app.close()
        app.server.closeAllConnections()
        await closing
        await deps.close()
      },
    }
    instances.push(it)
    return it
  }

  beforeAll(async () => {
    const fresh = await freshPgDatabase(pgBase!, dbName, { throwaway: true })
    drop = fresh.drop
    await instance(fresh.url, true)
    await instance(fresh.url, false)
  }, 60_000)

  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()))
    for (const i of instances) await i.close()
    await drop?.()
  })

  const signIn = async (base: string, email: string) => {
    const res = await fetch(`${base}/_api/auth/login_with_password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(res.status).toBe(200)
    await res.text()
    return res.headers
      .getSetCookie()
      .find((c) => c.startsWith('etal_session='))!
      .split(';')[0]!
  }

  it('an order placed through one instance reaches a staff stream on the other', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]]
    const db = a.deps.database.db
    const admin = await createUser(db, { role: 'admin', country: 'SN' })
    const client = await createUser(db, { role: 'client', country: 'SN' })
    const product = await createProduct(db, { unitType: 'unit', minQuantity: 1 })
    const onB = await openStream(b.base, await signIn(b.base, admin.email))
    streams.push(onB)
    expect(onB.res.status).toBe(200)
    const res = await fetch(`${a.base}/_api/orders/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await signIn(a.base, client.email) },
      body: JSON.stringify({
        items: [{ productId: product.id, quantity: 1 }],
        ...(await deliveryIn(db)),
        pointsToUse: 0,
      }),
    })
    expect(res.status).toBe(201)
    const orderId = decode<{ order: { id: number } }>(await res.text()).order.id
    await onB.until(
      () => onB.orders().some((e) => e.orderId === orderId && e.type === 'created'),
      'b hears a',
      2_000,
    )
  })

  it('a listener whose connection is cut reconnects, tells its streams to read again, and hears again', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]]
    const db = a.deps.database.db
    const admin = await createUser(db, { role: 'admin', country: 'SN' })
    const client = await createUser(db, { role: 'client', country: 'SN' })
    const product = await createProduct(db, { unitType: 'unit', minQuantity: 1 })
    const onB = await openStream(b.base, await signIn(b.base, admin.email))
    streams.push(onB)
    const killer = new pg.Client({ connectionString: pgBase!.replace(/\/[^/]*$/, `/${dbName}`) })
    await killer.connect()
    await killer.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen etal_orders%'`,
      [dbName],
    )
    await killer.end()
    await onB.until((list) => list.some((e) => e.event === 'resync'), 'the resync after reconnecting', 10_000)
    const res = await fetch(`${a.base}/_api/orders/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await signIn(a.base, client.email) },
      body: JSON.stringify({
        items: [{ productId: product.id, quantity: 1 }],
        ...(await deliveryIn(db)),
        pointsToUse: 0,
      }),
    })
    const orderId = decode<{ order: { id: number } }>(await res.text()).order.id
    await onB.until(() => onB.orders().some((e) => e.orderId === orderId), 'b hears again', 5_000)
  })
})
