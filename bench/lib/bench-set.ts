import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
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
import { sessionByCode } from '../../tests/two-factor'
import { benchEmail, BENCH_PASSWORD, BENCH_TOTP_SECRET } from './people'
import { combine, memorySampler, runLoad } from './runner'
import { createPayloads, readTargets, type Caller, type CreatePayload, type Target } from './targets'

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

/** One read of a crowd's mix: a read of the data set, as this caller. */
export type CrowdRead = { label: string; path: string; as: Caller }
/**
 * A crowd: `connections` readers of the admin order list sending the reads of its mix in turn
 * (docs/security/run-time.md "The overload guard and argon2"); `writesPerSec`: that many checkouts a
 * second alongside, each ending the answers PGlite keeps until the next write.
 */
export type CrowdResult = {
  name: string
  reads: CrowdRead[]
  writesPerSec?: number
  skipped?: string
  /** The turns together (latencies their mean, counts summed; `parts` by read). */
  load?: LoadResult
  /** Each turn apart: a target holds in every turn. */
  turns?: LoadResult[]
  /** Checkouts answered alongside, over the turns. */
  writes?: LoadResult
  rssMb?: number
  /** The machine's 1-minute load average once the turns are over (this bench's processes and any other work). */
  loadAverage?: number
}

/** The reads of the admin crowd (decision 0017): the list's first page, a status filter and a search, as root and as a country admin. */
export const crowdReadNames = [
  'admin/orders, first page (root)',
  'admin/orders ?status=pending',
  'admin/orders ?search=client name',
] as const

/** A session cookie; root and the super admin give their authenticator's code too (docs/decisions/0053). */
export async function login(base: string, email: string) {
  const res = await fetch(`${base}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  })
  const cookies = res.headers.getSetCookie()
  const cookie = cookies.find((c) => c.startsWith('etal_session='))
  const pending = cookies.find((c) => c.startsWith('etal_pending='))
  if (res.ok && !cookie && pending) {
    return sessionByCode(BENCH_TOTP_SECRET, async (code) => {
      const r = await fetch(`${base}/_api/auth/two_factor/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: pending.split(';')[0]! },
        body: JSON.stringify({ code }),
      })
      return { status: r.status, setCookies: r.headers.getSetCookie() }
    })
  }
  if (!res.ok || !cookie) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`)
  return cookie.split(';')[0]!
}

const countOrders = async (db: Parameters<typeof seedLarge>[0]) =>
  ((await db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] })
    .rows[0]!.n

/**
 * The server as `npm start` runs it, in a process of its own: the built bundle
 * (`node dist/server/main.js`, from `npm run build`), else the sources through tsx.
 * BENCH_SERVER_FLAGS adds node's own flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
 * profile the server under a figure's load (node refuses those in NODE_OPTIONS).
 */
export const serverCommand = () => [
  ...(process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
  ...(existsSync(resolve(root, 'dist/server/main.js'))
    ? ['--enable-source-maps', '--max-old-space-size=192', resolve(root, 'dist/server/main.js')]
    : ['--import', 'tsx', resolve(root, 'src/server/main.ts')]),
]

export async function startServer(
  url: string,
  log: (l: string) => void,
  extraEnv: Record<string, string> = {},
) {
  const port = await freePort()
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    // One client IP sends everything: the per-IP limits would measure themselves, not the app.
    API_RATE_PER_MINUTE: '1000000000',
    REGISTER_PER_HOUR: '1000000',
    CONTACT_PER_10_MINUTES: '1000000',
    // 200 staff streams of one account from one IP (bench/lib/live-streams.ts).
    LIVE_STREAMS_PER_ACCOUNT: '1000',
    LIVE_STREAMS_PER_IP: '1000',
    ...extraEnv,
  }
  const child = spawn(process.execPath, serverCommand(), {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  const base = `http://127.0.0.1:${port}`
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`)
    if (waited > 120_000) throw new Error('the server did not answer within 2 minutes')
    const ok = await fetch(`${base}/_api/countries`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 200))
  }
  log(
    `  server ${child.pid} on ${base}${Object.keys(extraEnv).length ? ` (${new URLSearchParams(extraEnv).toString()})` : ''}`,
  )
  return {
    base,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM')
      const code = await exited
      if (code !== 0) log(`  server exited with ${code}`)
    },
  }
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo
      srv.close(() => ok(port))
    })
  })
}

/**
 * Requests the app still works on when a turn ends (autocannon stops waiting) would slow the
 * next turn. A read that needs the database queues behind them (the pool's queue is first in,
 * first out): once it answers, the app is idle again.
 */
export async function drain(base: string) {
  const until = Date.now() + 60_000
  while (Date.now() < until) {
    // Not a cached read (countries is one): this one queries the database at every request.
    const ok = await fetch(`${base}/_api/product-categories`, { signal: AbortSignal.timeout(60_000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
  }
}

/** A data set built and served: its server, its bare twin, and its reads probed (not measured yet). */
type ServedSet = Awaited<ReturnType<typeof serveSet>>

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
 * The crowd of admin readers (decision 0017): `opts.connections` connections, each request the next
 * read of the mix (the list's first page, a status filter, a search; as root, then as an admin
 * of one country), a warm-up, then `opts.rounds` turns. Then the same crowd with one checkout a
 * second alongside, for information: each write ends the answers PGlite keeps (PGLITE_READ_CACHE).
 */
async function benchCrowds(set: ServedSet, opts: Options, log = console.log) {
  const reads: CrowdRead[] = crowdReadNames.flatMap((name) => {
    const r = set.reads.find((x) => x.target.name === name)
    if (!r) return []
    const plain = name.replace(/ \(root\)$/, '')
    return (['root', 'admin'] as const).map((as) => ({ label: `${plain} (${as})`, path: r.target.path, as }))
  })
  const scenarios: { name: string; writesPerSec?: number }[] = [
    { name: `admin/orders mix, ${opts.connections} readers` },
    {
      name: `admin/orders mix, ${opts.connections} readers, one checkout a second alongside`,
      writesPerSec: 1,
    },
  ]
  log(`\n== crowd of admin readers at ${set.size.orders} orders`)
  for (const sc of scenarios) {
    const crowd: CrowdResult = {
      name: sc.name,
      reads,
      ...(sc.writesPerSec ? { writesPerSec: sc.writesPerSec } : {}),
    }
    set.crowds.push(crowd)
    const refused = await firstRefusal(set, reads)
    if (reads.length < 2 * crowdReadNames.length)
      crowd.skipped = "a read of the mix was not in the data set's reads"
    else if (refused) crowd.skipped = refused
    else if (sc.writesPerSec && set.crowdPayloads.length === 0) crowd.skipped = 'no client to order'
    if (crowd.skipped) {
      log(`  ${sc.name}: skipped (${crowd.skipped})`)
      continue
    }
    const writer = sc.writesPerSec
      ? {
          url: set.server.base,
          path: '/_api/orders/create',
          method: 'POST' as const,
          connections: 1,
          headers: {},
          rate: sc.writesPerSec,
          clients: await Promise.all(
            set.crowdPayloads.map(async (p) => ({
              cookie: await login(set.server.base, p.email),
              body: p.body,
            })),
          ),
        }
      : undefined
    const mix = reads.map((r) => ({ label: r.label, path: r.path, headers: set.headersFor(r.as) }))
    const turn = async (duration: number) => {
      const spec = {
        url: set.server.base,
        path: mix[0]!.path,
        method: 'GET' as const,
        connections: opts.connections,
        duration,
        headers: {},
        mix,
      }
      const [load, writes] = await Promise.all([
        runLoad(spec),
        writer ? runLoad({ ...writer, duration }) : undefined,
      ])
      await drain(set.server.base)
      return { load, writes }
    }
    if (opts.warmup > 0) await turn(opts.warmup)
    set.mem.takeWindow()
    const turns: Awaited<ReturnType<typeof turn>>[] = []
    for (let i = 0; i < opts.rounds; i++) turns.push(await turn(opts.duration))
    crowd.rssMb = set.mem.takeWindow()
    crowd.loadAverage = loadavg()[0]
    crowd.turns = turns.map((t) => t.load)
    crowd.load = combine(crowd.turns)
    if (writer) crowd.writes = combine(turns.map((t) => t.writes!))
    const l = crowd.load
    log(
      `  ${sc.name}: ${l.total} answers, ${l.reqPerSec.toFixed(0)} req/s, p99 ${crowd.turns.map((t) => t.p99).join(' / ')} ms, statuses ${JSON.stringify(l.statusCodes)}, errors ${l.errors + l.timeouts}, load average ${crowd.loadAverage?.toFixed(1)}${crowd.writes ? `; checkouts ${JSON.stringify(crowd.writes.statusCodes)}` : ''}`,
    )
  }
}

/** The first read of a mix that does not answer 200 once, alone: the crowd would measure a refusal. */
async function firstRefusal(set: ServedSet, reads: CrowdRead[]) {
  for (const r of reads) {
    const rec = await fetchRaw(set.server.base, r.path, set.headersFor(r.as))
    if (rec.status !== 200)
      return `${r.label} answered ${rec.status}: ${rec.body.toString('utf8').slice(0, 160)}`
  }
  return undefined
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

async function benchCreate(
  base: string,
  payloads: CreatePayload[],
  opts: Options,
  mem: ReturnType<typeof memorySampler>,
  log: (l: string) => void,
): Promise<CreateResult> {
  const clients = await Promise.all(
    payloads.map(async (p) => ({ cookie: await login(base, p.email), body: p.body })),
  )
  const probe = await fetch(`${base}/_api/orders/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: clients[0]!.cookie },
    body: clients[0]!.body,
  })
  if (!probe.ok) return { skipped: `answered ${probe.status}: ${(await probe.text()).slice(0, 160)}` }
  const spec = (duration: number) => ({
    url: base,
    path: '/_api/orders/create',
    method: 'POST' as const,
    connections: opts.connections,
    duration,
    headers: {},
    clients,
  })
  // As for the reads: a warm-up, then the turns, their figures the mean of the turns. Every
  // order acknowledged in any of them (warm-up included) must be stored.
  let created = 1 // the probe above
  if (opts.warmup > 0) created += (await runLoad(spec(opts.warmup))).statusCodes['201'] ?? 0
  await drain(base)
  mem.takeWindow()
  const turns: LoadResult[] = []
  for (let i = 0; i < opts.rounds; i++) {
    turns.push(await runLoad(spec(opts.duration)))
    await drain(base)
  }
  const load = combine(turns)
  const rssMb = mem.takeWindow()
  const seconds = opts.duration * opts.rounds
  // A 200 is a retried key answering its first order: only 201s are new orders.
  const acknowledged = created + (load.statusCodes['201'] ?? 0)
  log(
    `  orders/create: ${(load.ok / seconds).toFixed(0)} orders/s, p99 ${load.p99} ms, ${rssMb.toFixed(0)} MB`,
  )
  return { load, acknowledged, rssMb, seconds }
}
