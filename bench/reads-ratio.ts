/**
 * `npx tsx bench/reads-ratio.ts`: the app against a bare node:http server serving the same bytes,
 * for a few reads only, in the same minute, turn by turn (app, bare, app, bare…): a quick check of
 * the read ratios of `npm run bench` (bench/run.ts) while working on the request path, on a small
 * data set (PGlite, or PostgreSQL when DATABASE_URL names it, as bench/lib/datasets.ts chooses).
 *
 * Settings (environment): RATIO_READS (names of bench/lib/targets.ts, separated by ';'; default
 * the cached catalogue, a small public read and the order list's first page), RATIO_TURNS (3),
 * RATIO_SECONDS (3 s a turn), RATIO_ORDERS (1,000), BENCH_CONNECTIONS (32), and
 * BENCH_SERVER_FLAGS (node flags of the server: `--cpu-prof --cpu-prof-dir=…` writes its profile
 * when it stops; bench/lib/cpu-profile.ts reads it).
 */
import { readFileSync } from 'node:fs'
import { fetchRaw, startBareServer, type Recorded } from './lib/bare-server'
import { drain, login, startServer } from './lib/bench-server'
import { createDeps } from '../src/server/deps'
import { loadConfig } from '../src/server/config'
import { freshDatabase } from './lib/datasets'
import { benchEmail } from './lib/people'
import { median } from './lib/phone'
import { runLoad, stopLoadWorker } from './lib/runner'
import { readTargets, type Caller } from './lib/targets'
import { fullSize, seedLarge } from './seed-large'

const env = process.env
const turns = Number(env.RATIO_TURNS ?? 3)
const seconds = Number(env.RATIO_SECONDS ?? 3)
const connections = Number(env.BENCH_CONNECTIONS ?? 32)
const names = (env.RATIO_READS ?? 'products;countries;admin/orders, first page (root)').split(';')
const size = {
  ...fullSize,
  orders: Number(env.RATIO_ORDERS ?? 1_000),
  products: 2_000,
  clients: 2_000,
  contacts: 20,
}

const fresh = await freshDatabase(size)
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: fresh.url,
  SEED_DEMO: 'false',
})
const seeding = await createDeps(config)
await seedLarge(seeding.database.db, size, () => {})
const targets = (await readTargets(seeding.database.db)).filter((t) => names.includes(t.name) && !t.cacheOff)
await seeding.close()

const server = await startServer(fresh.url, console.log)
const cookies: Partial<Record<Caller, string>> = {}
for (const t of targets) if (t.as !== 'visitor') cookies[t.as] ??= await login(server.base, benchEmail[t.as])
const headersFor = (as: Caller): Record<string, string> => (cookies[as] ? { cookie: cookies[as] } : {})

const answers = new Map<string, Recorded>()
for (const t of targets) answers.set(t.path, await fetchRaw(server.base, t.path, headersFor(t.as)))
const bare = await startBareServer(answers)

/**
 * CPU seconds a process has used (user and system, /proc/PID/stat): on a machine shared with
 * other work, the CPU time a request costs is steadier than the requests a second.
 */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}
/** The bare server runs in this process, idle but for it while autocannon (another process) loads it. */
const ownCpu = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}

const spec = (url: string, path: string, as: Caller, duration: number) => ({
  url,
  path,
  method: 'GET' as const,
  connections,
  duration,
  headers: headersFor(as),
})
console.log(
  `${connections} connections, ${turns} turns of ${seconds} s, ${size.orders} orders (${fresh.kind})`,
)
for (const t of targets) {
  await runLoad(spec(server.base, t.path, t.as, 1))
  await drain(server.base)
  const ratios: number[] = []
  const cpuRatios: number[] = []
  const appRates: number[] = []
  const bareRates: number[] = []
  const appUs: number[] = []
  const bareUs: number[] = []
  for (let i = 0; i < turns; i++) {
    const c0 = cpuSeconds(server.pid)
    const app = await runLoad(spec(server.base, t.path, t.as, seconds))
    const c1 = cpuSeconds(server.pid)
    await drain(server.base)
    const o0 = ownCpu()
    const b = await runLoad(spec(bare.url, t.path, t.as, seconds))
    const o1 = ownCpu()
    appRates.push(app.reqPerSec)
    bareRates.push(b.reqPerSec)
    ratios.push(app.reqPerSec / b.reqPerSec)
    appUs.push((1e6 * (c1 - c0)) / app.total)
    bareUs.push((1e6 * (o1 - o0)) / b.total)
    cpuRatios.push(bareUs.at(-1)! / appUs.at(-1)!)
    if (app.non2xx || app.errors) console.log(`  ${t.name}: ${app.non2xx} non-2xx, ${app.errors} errors`)
  }
  const pct = (r: number) => `${Math.round(100 * r)}%`
  const n = (v: number[]) => v.map((r) => r.toFixed(0)).join('/')
  console.log(
    `${t.name.padEnd(40)} ${String(answers.get(t.path)!.body.length).padStart(6)} B  req/s app ${n(appRates)} bare ${n(bareRates)}: ${ratios.map(pct).join(' ')}, median ${pct(median(ratios)!)}  |  CPU µs a request app ${n(appUs)} bare ${n(bareUs)}: ${cpuRatios.map(pct).join(' ')}, median ${pct(median(cpuRatios)!)}`,
  )
}
stopLoadWorker()
await bare.close()
await server.stop()
await fresh.drop()
