import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../../src/server/config'
import { createDeps } from '../../src/server/deps'
import { seedLarge, type DataSetSize } from '../seed-large'
import { fetchRaw, startBareServer, type Recorded } from './bare-server'
import { freshDatabase } from './datasets'
import {
  benchLiveStreams,
  liveOnly,
  LIVE_STREAMS,
  onlyWords,
  wantsLive,
  type LiveResult,
} from './live-streams'
import type { LoadResult } from './load-worker'
import { benchEmail } from './people'
import { drain, login, serverCommand, startServer } from './bench-server'
import { benchCrowds, type CrowdResult } from './bench-crowds'
import { benchCreate } from './bench-create'
import { combine, memorySampler, runLoad } from './runner'
import { createPayloads, readTargets, type Caller, type Target } from './targets'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

export type Options = { duration: number; warmup: number; rounds: number; connections: number }
export type ReadResult = {
  target: Target
  skipped?: string
  app?: LoadResult
  bare?: LoadResult
  rssMb?: number
  bytes?: number
  encoding?: string
  rows?: number
}
/** Rows answered by each list read of the small data set, by read name. */
export type PageRows = Record<string, number>

/** The list reads (a `limit` in their URL) of a data set and the rows each answered. */
export function pageRowsOf(set: { reads: ReadResult[] }): PageRows {
  return Object.fromEntries(
    set.reads
      .filter((r) => r.rows !== undefined && /[?&]limit=/.test(r.target.path))
      .map((r) => [r.target.name, r.rows!]),
  )
}

/** The name of the read of `name`'s filters, with only as many rows as the small set answered. */
export const sameSizeName = (name: string, rows: number) =>
  `${name}, ${rows} row${rows === 1 ? '' : 's'} (limit=${rows})`
export type CreateResult = {
  skipped?: string
  load?: LoadResult
  acknowledged?: number
  stored?: number
  rssMb?: number
  seconds?: number
}
export type SetResult = {
  size: DataSetSize
  kind: string
  seedSeconds: number
  idleRssMb: number
  reads: ReadResult[]
  create?: CreateResult
  server?: string
  crowds?: CrowdResult[]
  /** 200 staff browsers on the live order stream (decision 0046), on the small set. */
  live?: LiveResult
}

const countOrders = async (db: Parameters<typeof seedLarge>[0]) =>
  ((await db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] })
    .rows[0]!.n

/** A data set built and served: its server, its bare twin, and its reads probed (not measured yet). */
export type ServedSet = Awaited<ReturnType<typeof serveSet>>

/**
 * Builds one data set, starts the server on it, probes every read (status, bytes, rows) and
 * starts the bare server with the answers. A list page fuller than at the small size
 * (`pageRows`) gets a second read with as many rows as there (decision 0014).
 */
async function serveSet(
  size: DataSetSize,
  opts: Options,
  withCreate: boolean,
  log = console.log,
  pageRows: PageRows = {},
  which: 'small' | 'large' = 'large',
) {
  const fresh = await freshDatabase(size)
  const t0 = performance.now()
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: fresh.url,
    SEED_DEMO: 'false',
  })
  const seeding = await createDeps(config)
  await seedLarge(seeding.database.db, size, log)
  const seedSeconds = (performance.now() - t0) / 1000
  // BENCH_ONLY=dashboard,create: only the reads whose name holds one of the words (and checkout if 'create').
  const only = onlyWords()
  const targets = (await readTargets(seeding.database.db)).filter(
    (t) => (!only || only.some((w) => t.name.includes(w))) && (which === 'large' || !t.largeOnly),
  )
  withCreate &&= !only || only.includes('create')
  const payloads = withCreate ? await createPayloads(seeding.database.db, opts.connections) : []
  // The crowd with checkouts alongside needs a client or two who may order.
  const crowdPayloads = withCreate ? [] : await createPayloads(seeding.database.db, 2)
  // The live streams' order writes, on the small set: as many clients as the checkout figure's.
  const livePayloads =
    which === 'small' && wantsLive() ? await createPayloads(seeding.database.db, opts.connections) : []
  const before = await countOrders(seeding.database.db)
  // PGlite is one process's: the seeding closes it before the server opens it.
  await seeding.close()

  const server = await startServer(fresh.url, log)
  const base = server.base
  const mem = memorySampler(server.pid)
  const idleRssMb = mem.takeWindow()
  // The reads of a cache miss: a twin server on the same database with the storefront cache
  // off. PostgreSQL only: a PGlite database is open in one process at a time.
  const twin =
    targets.some((t) => t.cacheOff) && fresh.kind === 'postgres'
      ? await startServer(fresh.url, log, { STOREFRONT_CACHE_MS: '0' })
      : undefined
  const twinMem = twin ? memorySampler(twin.pid) : undefined
  const baseFor = (t: Target) => (t.cacheOff ? twin?.base : base)
  // The live streams alone read nothing as root or admin.
  const cookies: Record<Caller, string | undefined> = {
    visitor: undefined,
    root: liveOnly() ? undefined : await login(base, benchEmail.root),
    admin: liveOnly() ? undefined : await login(base, benchEmail.admin),
  }
  const headersFor = (as: Caller): Record<string, string> => (cookies[as] ? { cookie: cookies[as] } : {})

  const reads: ReadResult[] = []
  const answers = new Map<string, Recorded>()
  for (const target of targets) {
    const at = baseFor(target)
    if (!at) {
      reads.push({
        target,
        skipped: "not on PGlite: its database opens in one process (the target is PostgreSQL's)",
      })
      continue
    }
    const rec = await fetchRaw(at, target.path, headersFor(target.as))
    if (rec.status !== 200) {
      reads.push({ target, skipped: `answered ${rec.status}: ${rec.body.toString('utf8').slice(0, 160)}` })
      continue
    }
    const gz = await fetchRaw(at, target.path, { ...headersFor(target.as), 'accept-encoding': 'br, gzip' })
    answers.set(`${target.as}:${target.path}`, rec)
    const rows = listLength(rec.body)
    reads.push({
      target,
      bytes: rec.body.length,
      encoding: String(gz.headers['content-encoding'] ?? 'none'),
      rows,
    })
    // A list page fuller than at the small size is read again with as many rows as there: the
    // same page, so that its growth measures the data, not the answer's length (decision 0014).
    const fewer = pageRows[target.name]
    if (rows !== undefined && fewer !== undefined && fewer > 0 && fewer < rows) {
      targets.splice(targets.indexOf(target) + 1, 0, {
        ...target,
        name: sameSizeName(target.name, fewer),
        path: target.path.replace(/([?&]limit=)\d+/, `$1${fewer}`),
        sameSizeAs: target.name,
      })
    }
  }
  const bareAnswers = new Map([...answers].map(([k, v]) => [k.slice(k.indexOf(':') + 1), v]))
  const bare = await startBareServer(bareAnswers)
  // The bare server keys by URL: two callers of one URL share its answer; the app's own is what counts.
  const useAnswerOf = (r: ReadResult) =>
    bareAnswers.set(r.target.path, answers.get(`${r.target.as}:${r.target.path}`)!)
  return {
    size,
    kind: fresh.kind,
    seedSeconds,
    idleRssMb,
    reads,
    withCreate,
    payloads,
    crowdPayloads,
    livePayloads,
    before,
    config,
    fresh,
    server,
    twin,
    bare,
    mem,
    twinMem,
    baseFor: (t: Target) => baseFor(t)!,
    headersFor,
    useAnswerOf,
    crowds: [] as CrowdResult[],
    live: undefined as LiveResult | undefined,
  }
}

/** Runs of one read, gathered turn by turn until it is summed up. */
type Turns = { app: LoadResult[]; bare: LoadResult[]; rss: number }
const turnsOf = new WeakMap<ReadResult, Turns>()

const loadSpec = (set: ServedSet, url: string, r: ReadResult, duration: number, connections: number) => ({
  url,
  path: r.target.path,
  method: 'GET' as const,
  connections: r.target.connections ?? connections,
  duration,
  headers: set.headersFor(r.target.as),
})

/** The app's warm-up for a read, before its first turn. */
async function warmUp(set: ServedSet, r: ReadResult, opts: Options) {
  if (opts.warmup > 0) await runLoad(loadSpec(set, set.baseFor(r.target), r, opts.warmup, opts.connections))
  await drain(set.baseFor(r.target))
}

/** One turn of a read: the app, then the bare server with the same bytes. */
async function measureTurn(set: ServedSet, r: ReadResult, opts: Options) {
  const turns = turnsOf.get(r) ?? { app: [], bare: [], rss: 0 }
  turnsOf.set(r, turns)
  set.useAnswerOf(r)
  const mem = (r.target.cacheOff && set.twinMem) || set.mem
  mem.takeWindow()
  turns.app.push(await runLoad(loadSpec(set, set.baseFor(r.target), r, opts.duration, opts.connections)))
  await drain(set.baseFor(r.target))
  turns.rss = Math.max(turns.rss, mem.takeWindow())
  turns.bare.push(await runLoad(loadSpec(set, set.bare.url, r, opts.duration, opts.connections)))
}

/** A read's figures: the mean of its turns. */
function sumUp(r: ReadResult, log = console.log) {
  const turns = turnsOf.get(r)
  if (!turns) return
  Object.assign(r, { app: combine(turns.app), bare: combine(turns.bare), rssMb: turns.rss })
  log(
    `  ${r.target.name.padEnd(48)} app ${r.app!.reqPerSec.toFixed(0).padStart(6)} req/s p99 ${String(r.app!.p99).padStart(5)} ms | bare ${r.bare!.reqPerSec.toFixed(0).padStart(6)} req/s | ${turns.rss.toFixed(0)} MB`,
  )
}

/** Checkout (when asked), then the servers stop, the stored orders are counted and the data set is dropped. */
async function finishSet(set: ServedSet, opts: Options, log = console.log): Promise<SetResult> {
  for (const r of set.reads.filter((x) => x.skipped))
    log(`  ${r.target.name.padEnd(48)} skipped: ${r.skipped}`)
  let create: CreateResult | undefined
  if (set.withCreate) create = await benchCreate(set.server.base, set.payloads, opts, set.mem, log)
  await set.bare.close()
  await set.server.stop()
  await set.twin?.stop()
  set.mem.stop()
  set.twinMem?.stop()
  if (create?.load) {
    // Stored: counted once the server is gone (PGlite is then free to open again).
    const counting = await createDeps(set.config)
    create.stored = (await countOrders(counting.database.db)) - set.before
    await counting.close()
    log(`  orders/create: ${create.acknowledged} acknowledged as new (201), ${create.stored} stored`)
  }
  await set.fresh.drop()
  const { size, kind, seedSeconds, idleRssMb, reads, crowds, live } = set
  return {
    size,
    kind,
    seedSeconds,
    idleRssMb,
    reads,
    create,
    server: `node ${serverCommand()
      .map((a) => a.replace(`${root}/`, ''))
      .join(' ')}`,
    ...(crowds.length ? { crowds } : {}),
    ...(live ? { live } : {}),
  }
}

/**
 * 200 staff browsers on the live order stream (decision 0046, bench/lib/live-streams.ts): a
 * session each, of the country's admin (it sees the first country, where the clients order),
 * signed in as the crowd's readers are. Not root nor the super admin: their sign-in asks for a
 * code of an authenticator app (docs/decisions/0053), which the bench has not.
 */
async function benchLive(set: ServedSet, opts: Options, log = console.log) {
  const base = set.server.base
  log(`\n== ${LIVE_STREAMS} staff live streams at ${set.size.orders} orders`)
  const staffCookies: string[] = []
  // One sign-in at a time: parallel ones would take the login limiter's attempts.
  for (let i = 0; i < LIVE_STREAMS; i++) staffCookies.push(await login(base, benchEmail.admin))
  const clients = await Promise.all(
    set.livePayloads.map(async (p) => ({ cookie: await login(base, p.email), body: p.body })),
  )
  set.live = await benchLiveStreams({
    base,
    pid: set.server.pid,
    staffCookies,
    clients,
    opts,
    drain,
    log,
  })
}

/**
 * Both data sets measured in the same minutes: each read's turns alternate between the small
 * set and the large one (small app and bare, large app and bare, then large, small…), so that a
 * slow spell of this shared machine falls on both sizes, not on one (decision 0016). The
 * large set's reads of equal size (decision 0014) take their turns beside their full page.
 */
export async function benchSets(small: DataSetSize, large: DataSetSize, opts: Options, log = console.log) {
  log(`\n== ${small.orders} orders: building and serving`)
  const a = await serveSet(small, opts, false, log, {}, 'small')
  if (liveOnly()) {
    await benchLive(a, opts, log)
    const alone = await finishSet(a, opts, log)
    return { small: alone, large: alone }
  }
  const smallRows = pageRowsOf(a)
  log(`\n== ${large.orders} orders: building and serving`)
  const b = await serveSet(large, opts, true, log, smallRows)
  const measured = new Set<ReadResult>()
  log(`\n== reads, turn by turn (${small.orders} then ${large.orders} orders)`)
  for (const r of a.reads.filter((x) => !x.skipped)) {
    const twins = b.reads.filter(
      (x) => !x.skipped && (x.target.name === r.target.name || x.target.sameSizeAs === r.target.name),
    )
    await warmUp(a, r, opts)
    for (const t of twins) await warmUp(b, t, opts)
    // Turn by turn, each size first every other round (small, large, large, small…): neither
    // always follows the other's warm-up or load.
    for (let i = 0; i < opts.rounds; i++) {
      const smallTurn = () => measureTurn(a, r, opts)
      const largeTurns = async () => {
        for (const t of twins) await measureTurn(b, t, opts)
      }
      for (const turn of i % 2 === 0 ? [smallTurn, largeTurns] : [largeTurns, smallTurn]) await turn()
    }
    for (const x of [r, ...twins]) measured.add(x)
  }
  // Reads only the large set answered (none, unless a read failed at the small size).
  for (const t of b.reads.filter((x) => !x.skipped && !measured.has(x))) {
    await warmUp(b, t, opts)
    for (let i = 0; i < opts.rounds; i++) await measureTurn(b, t, opts)
  }
  // The crowd of admin readers, on the small set (1,000 orders, decision 0017), once its reads are measured.
  await benchCrowds(a, opts, log)
  // The live streams (decision 0046), on the same server once its crowds are over.
  if (wantsLive()) await benchLive(a, opts, log)
  log(`\n== ${small.orders} orders`)
  for (const r of a.reads) sumUp(r, log)
  const smallResult = await finishSet(a, opts, log)
  log(`\n== ${large.orders} orders`)
  for (const r of b.reads) sumUp(r, log)
  const largeResult = await finishSet(b, opts, log)
  return { small: smallResult, large: largeResult }
}

/** How many orders, messages or products a list answer holds (its first array), for the report. */
function listLength(body: Buffer): number | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { json?: Record<string, unknown> }
    const list = Object.values(parsed.json ?? {}).find(Array.isArray)
    return list?.length
  } catch {
    return undefined
  }
}
