import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { createApp } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { createDeps } from '../../src/server/deps'
import { seedLarge, type DataSetSize } from '../seed-large'
import { fetchRaw, startBareServer, type Recorded } from './bare-server'
import { freshDatabase } from './datasets'
import type { LoadResult } from './load-worker'
import { benchEmail, BENCH_PASSWORD } from './people'
import { combine, runLoad, type memorySampler } from './runner'
import { createPayloads, readTargets, type Caller, type Target } from './targets'

export type Options = { duration: number; warmup: number; rounds: number; connections: number; memory: boolean }
export type ReadResult = { target: Target; skipped?: string; app?: LoadResult; bare?: LoadResult; rssMb?: number; bytes?: number; encoding?: string }
export type CreateResult = { skipped?: string; load?: LoadResult; acknowledged?: number; stored?: number; rssMb?: number }
export type SetResult = { size: DataSetSize; kind: string; seedSeconds: number; idleRssMb: number; reads: ReadResult[]; create?: CreateResult }

async function login(base: string, email: string) {
  const res = await fetch(`${base}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('etal_session='))
  if (!res.ok || !cookie) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`)
  return cookie.split(';')[0]!
}

const countOrders = async (db: Parameters<typeof seedLarge>[0]) =>
  ((await db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] }).rows[0]!.n

/** Builds one data set, starts the app on it and measures every read (and checkout) against the bare server. */
export async function benchSet(size: DataSetSize, opts: Options, mem: ReturnType<typeof memorySampler>, withCreate: boolean, log = console.log): Promise<SetResult> {
  const fresh = await freshDatabase(size, opts.memory)
  const config = loadConfig({
    NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: fresh.url, SEED_DEMO: 'false',
    // One client IP sends everything: the per-IP limits would measure themselves, not the app.
    API_RATE_PER_MINUTE: '1000000000', REGISTER_PER_HOUR: '1000000', CONTACT_PER_10_MINUTES: '1000000',
  })
  const t0 = performance.now()
  const deps = await createDeps(config)
  await seedLarge(deps.database.db, size, log)
  const seedSeconds = (performance.now() - t0) / 1000
  const app = await createApp(deps)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const idleRssMb = process.memoryUsage.rss() / 1048576
  const cookies: Record<Caller, string | undefined> = { visitor: undefined, root: await login(base, benchEmail.root), admin: await login(base, benchEmail.admin) }
  const headersFor = (as: Caller): Record<string, string> => (cookies[as] ? { cookie: cookies[as] } : {})

  const reads: ReadResult[] = []
  const answers = new Map<string, Recorded>()
  for (const target of await readTargets(deps.database.db)) {
    if (!app.hasRoute({ method: 'GET', url: target.path.split('?')[0]! })) {
      reads.push({ target, skipped: 'not available yet (no such route on this branch)' })
      continue
    }
    const rec = await fetchRaw(base, target.path, headersFor(target.as))
    if (rec.status !== 200) {
      reads.push({ target, skipped: `answered ${rec.status}: ${rec.body.toString('utf8').slice(0, 160)}` })
      continue
    }
    const gz = await fetchRaw(base, target.path, { ...headersFor(target.as), 'accept-encoding': 'br, gzip' })
    answers.set(`${target.as}:${target.path}`, rec)
    reads.push({ target, bytes: rec.body.length, encoding: String(gz.headers['content-encoding'] ?? 'none') })
  }
  const bareAnswers = new Map([...answers].map(([k, v]) => [k.slice(k.indexOf(':') + 1), v]))
  const bare = await startBareServer(bareAnswers)
  const spec = (url: string, r: ReadResult, duration: number) => ({
    url, path: r.target.path, method: 'GET' as const, connections: opts.connections, duration, headers: headersFor(r.target.as),
  })
  for (const r of reads.filter((x) => !x.skipped)) {
    // The bare server keys by URL: two callers of one URL share its answer; the app's own is what counts.
    bareAnswers.set(r.target.path, answers.get(`${r.target.as}:${r.target.path}`)!)
    if (opts.warmup > 0) await runLoad(spec(base, r, opts.warmup))
    const appRuns: LoadResult[] = []
    const bareRuns: LoadResult[] = []
    let rss = 0
    for (let i = 0; i < opts.rounds; i++) {
      mem.takeWindow()
      appRuns.push(await runLoad(spec(base, r, opts.duration)))
      rss = Math.max(rss, mem.takeWindow())
      bareRuns.push(await runLoad(spec(bare.url, r, opts.duration)))
    }
    Object.assign(r, { app: combine(appRuns), bare: combine(bareRuns), rssMb: rss })
    log(`  ${r.target.name.padEnd(48)} app ${r.app!.reqPerSec.toFixed(0).padStart(6)} req/s p99 ${String(r.app!.p99).padStart(5)} ms | bare ${r.bare!.reqPerSec.toFixed(0).padStart(6)} req/s | ${rss.toFixed(0)} MB`)
  }
  for (const r of reads.filter((x) => x.skipped)) log(`  ${r.target.name.padEnd(48)} skipped: ${r.skipped}`)

  let create: CreateResult | undefined
  if (withCreate) create = await benchCreate(base, app.hasRoute({ method: 'POST', url: '/_api/orders/create' }), deps.database.db, opts, mem, log)
  await bare.close()
  await app.close()
  await deps.close()
  await fresh.drop()
  return { size, kind: fresh.kind, seedSeconds, idleRssMb, reads, create }
}

async function benchCreate(base: string, exists: boolean, db: Parameters<typeof seedLarge>[0], opts: Options, mem: ReturnType<typeof memorySampler>, log: (l: string) => void): Promise<CreateResult> {
  if (!exists) {
    log('  orders/create: not available yet')
    return { skipped: 'not available yet (no such route on this branch)' }
  }
  const payloads = await createPayloads(db, opts.connections)
  const clients = await Promise.all(payloads.map(async (p) => ({ cookie: await login(base, p.email), body: p.body })))
  const probe = await fetch(`${base}/_api/orders/create`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: clients[0]!.cookie }, body: clients[0]!.body })
  if (!probe.ok) return { skipped: `answered ${probe.status}: ${(await probe.text()).slice(0, 160)}` }
  const before = await countOrders(db)
  mem.takeWindow()
  const load = await runLoad({ url: base, path: '/_api/orders/create', method: 'POST', connections: opts.connections, duration: opts.duration, headers: {}, clients })
  const rssMb = mem.takeWindow()
  const stored = (await countOrders(db)) - before
  log(`  orders/create: ${(load.ok / opts.duration).toFixed(0)} orders/s, p99 ${load.p99} ms, ${load.ok} acknowledged, ${stored} stored, ${rssMb.toFixed(0)} MB`)
  return { load, acknowledged: load.ok, stored, rssMb }
}
