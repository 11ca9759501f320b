/**
 * npm run bench: builds the 1,000-order and the 200,000-order data sets (PGlite, or PostgreSQL
 * when DATABASE_URL is set), measures every read of the targets (decision 0008) against a bare node:http server
 * sending the same bytes, a crowd of 32 admin readers of the order list at 1,000 orders (decision 0017),
 * then checkout with 32 clients, and writes bench/RESULTS.md (PostgreSQL) or
 * bench/RESULTS-pglite.md (PGlite).
 *
 * Settings (environment): BENCH_QUICK=1 (small data, 2 s turns, report in bench/results/),
 * BENCH_DURATION (s per turn, default 3), BENCH_ROUNDS (turns per server, default 2),
 * BENCH_WARMUP (s, default 1), BENCH_CONNECTIONS (default 32), BENCH_ORDERS (default 200000),
 * BENCH_OUT (report path), BENCH_ONLY (some reads only; `streams`: the 200 staff live streams
 * alone, on the small set, written into their section of the report and nothing else).
 */
import { execSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import budgets from '../scripts/budgets.json' with { type: 'json' }
import type { Options, SetResult } from './lib/bench-set'
import { liveOnly } from './lib/live-streams'
import { resultsDir } from './lib/datasets'
import { phoneSectionOf, withPhoneSection } from './lib/phone'
import { liveSection, liveSectionOf, previousRun, renderReport, withLiveSection } from './lib/report'
import { rushSectionOf, withRushSection } from './lib/rush-report'
import { fullSize, type DataSetSize } from './seed-large'

const env = process.env
const quick = env.BENCH_QUICK === '1'
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback)
const opts: Options = {
  duration: num('BENCH_DURATION', quick ? 2 : 3),
  rounds: num('BENCH_ROUNDS', quick ? 1 : 2),
  warmup: num('BENCH_WARMUP', 1),
  connections: num('BENCH_CONNECTIONS', 32),
}
// The small set keeps the catalogue and the clients and scales what grows with time.
const large: DataSetSize = quick
  ? { orders: 5_000, products: 200, clients: 2_000, contacts: 500 }
  : { ...fullSize, orders: num('BENCH_ORDERS', fullSize.orders) }
const small: DataSetSize = { ...large, orders: quick ? 200 : 1_000, contacts: quick ? 20 : 50 }

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
// As bench/lib/datasets.ts chooses: PostgreSQL when DATABASE_URL names it, else PGlite (`npm start`'s
// default), whose figures go to a file of their own beside the PostgreSQL run's.
const onPostgres = !!env.DATABASE_URL?.startsWith('postgres')
const out =
  env.BENCH_OUT ??
  (quick
    ? resolve(resultsDir, 'RESULTS-quick.md')
    : resolve(root, onPostgres ? 'bench/RESULTS.md' : 'bench/RESULTS-pglite.md'))
const started = performance.now()

/** CPU time so far, in ticks: all of it, and what the hypervisor gave to other machines (steal). Linux only. */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number)
    return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7]! }
  } catch {
    return null
  }
}
const ticksAtStart = cpuTicks()
// Steal counts only what other machines took; the other work on this one shows in the load average.
const loads = [loadavg()[0]!]
setInterval(() => loads.push(loadavg()[0]!), 5_000).unref()

/** Both data sets run in a child process of their own (bench/lib/set-process.ts). */
function runSets(): Promise<{ small: SetResult; large: SetResult }> {
  mkdirSync(resultsDir, { recursive: true })
  const file = (size: DataSetSize) => join(resultsDir, `set-${size.orders}.json`)
  const out = { small: file(small), large: file(large) }
  const args = [
    '--import',
    'tsx',
    resolve(root, 'bench/lib/set-process.ts'),
    JSON.stringify({ small, large, opts, out }),
  ]
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' })
    child.on('error', fail)
    child.on('exit', (code) =>
      code === 0
        ? ok({ small: saved(small), large: saved(large) })
        : fail(new Error(`the data sets failed (${code})`)),
    )
  })
}

function git(cmd: string) {
  try {
    return execSync(`git ${cmd}`, { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

/** What a phone downloads first, from the built client's manifest (as scripts/bundle-report.mjs counts it). */
function pageFacts(compressed: string[]) {
  const facts = [
    `API answers compressed when the client accepts it: ${compressed.join(', ') || 'no read measured'}.`,
  ]
  const dist = resolve(root, 'dist/client')
  const manifestPath = resolve(dist, '.vite/manifest.json')
  if (!existsSync(manifestPath))
    facts.push('Client not built (`npm run build`): first-load sizes not measured.')
  else {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
    >
    const seen = new Set<string>()
    const walk = (k: string) => {
      if (seen.has(k) || !manifest[k]) return
      seen.add(k)
      for (const i of manifest[k].imports ?? []) walk(i)
    }
    walk(Object.keys(manifest).find((k) => manifest[k]!.isEntry) ?? '')
    const gz = (f: string) => gzipSync(readFileSync(resolve(dist, f))).length
    const js = [...seen].reduce((a, k) => a + gz(manifest[k]!.file), 0)
    const css = [...seen].flatMap((k) => manifest[k]!.css ?? []).reduce((a, f) => a + gz(f), 0)
    const html = gzipSync(readFileSync(resolve(dist, 'index.html'))).length
    facts.push(
      `First load of / (gzip): JavaScript ${(js / 1024).toFixed(1)} KB (target ≤ ${budgets.firstLoadJsKB} KB: ${js <= budgets.firstLoadJsKB * 1024 ? 'pass' : 'FAIL'}), CSS ${(css / 1024).toFixed(1)} KB, HTML ${(html / 1024).toFixed(1)} KB, total ${((js + css + html) / 1024).toFixed(1)} KB (target ≤ 300 KB before images and API answers: ${js + css + html <= 300 * 1024 ? 'pass' : 'FAIL'}).`,
    )
  }
  return facts
}

// BENCH_REPORT_ONLY=1 writes the report again from the last run's saved figures (bench/results/set-*.json).
const saved = (size: DataSetSize) =>
  JSON.parse(readFileSync(join(resultsDir, `set-${size.orders}.json`), 'utf8')) as SetResult
const reportOnly = env.BENCH_REPORT_ONLY === '1'
console.log(`Étal bench${quick ? ' (quick)' : ''}: ${JSON.stringify(opts)}`)
// The large set also reads, with as many rows, every list page that held fewer at the small size
// (docs/decisions/0014): growth with the data is judged on pages of equal size, measured in the
// same minutes, turn by turn (decision 0016).
const { small: smallResult, large: largeResult } = reportOnly
  ? { small: saved(small), large: saved(large) }
  : await runSets()

const meanLoad = () => loads.reduce((a, b) => a + b, 0) / loads.length
// BENCH_ONLY=streams: the live streams' section of the report is written again, the rest kept.
if (liveOnly()) {
  const before = existsSync(out) ? readFileSync(out, 'utf8') : `# Benchmark results\n`
  const section = liveSection(smallResult.live, {
    date: new Date().toISOString(),
    commit: `${git('rev-parse --short HEAD')} (${git('rev-parse --abbrev-ref HEAD')})${git('status --porcelain --untracked-files=no') ? ', with uncommitted changes' : ''}`,
    kind: smallResult.kind,
    orders: smallResult.size.orders,
    loadAverage: `measured alone (BENCH_ONLY=streams) in ${((performance.now() - started) / 1000).toFixed(0)} s; the 1-minute load average, sampled every 5 s, was ${meanLoad().toFixed(1)} on average and at most ${Math.max(...loads).toFixed(1)} on ${cpus().length} cores (this run's processes and the other work on this machine)${Math.max(...loads) > cpus().length ? ": a loaded machine, the absolute times and rates are not this code's, read the ratios" : ''}; the server: ${smallResult.server ? `\`${smallResult.server}\`` : 'not recorded'}`,
  })
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, withLiveSection(before, section))
  console.log(`\n${section}\nWrote the live streams' section of ${out}`)
  process.exit(0)
}

/** Lighthouse in a process of its own (bench/lighthouse.ts), when the client is built. */
async function runLighthouseStep() {
  if (env.BENCH_LIGHTHOUSE === '0' || !existsSync(resolve(root, 'dist/client/index.html'))) return undefined
  const file = join(resultsDir, 'lighthouse.json')
  if (!reportOnly) {
    console.log('\n== Lighthouse')
    const ran = await new Promise<void>((ok, fail) => {
      const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'bench/lighthouse.ts')], {
        stdio: 'inherit',
        env: { ...env, LIGHTHOUSE_RUNS: env.LIGHTHOUSE_RUNS ?? (quick ? '1' : '3') },
      })
      child.on('error', fail)
      child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`lighthouse failed (${code})`))))
    }).then(
      () => true,
      (err: unknown) => (console.log(`Lighthouse did not complete: ${String(err)}`), false),
    )
    // A failed Lighthouse run must not cost the report of everything else.
    if (!ran) return undefined
  }
  return existsSync(file)
    ? (
        JSON.parse(readFileSync(file, 'utf8')) as {
          results: NonNullable<Parameters<typeof renderReport>[0]['lighthouse']>
        }
      ).results
    : undefined
}
const lighthouse = await runLighthouseStep()

const cpu = cpus()
function stolenSinceStart() {
  const now = cpuTicks()
  if (reportOnly || !now || !ticksAtStart || now.total === ticksAtStart.total) return null
  return (100 * (now.steal - ticksAtStart.steal)) / (now.total - ticksAtStart.total)
}
const report = renderReport({
  machine: `${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}; database ${largeResult.kind}`,
  date: new Date().toISOString(),
  commit: `${git('rev-parse --short HEAD')} (${git('rev-parse --abbrev-ref HEAD')})${git('status --porcelain --untracked-files=no') ? ', with uncommitted changes' : ''}`,
  opts,
  small: smallResult,
  large: largeResult,
  peakRssMb: Math.max(
    ...[...smallResult.reads, ...largeResult.reads].map((r) => r.rssMb ?? 0),
    largeResult.create?.rssMb ?? 0,
    smallResult.live?.rssPeakWithMb ?? 0,
  ),
  totalSeconds: reportOnly ? null : (performance.now() - started) / 1000,
  stolenPercent: stolenSinceStart(),
  loadAverage: reportOnly ? null : { mean: meanLoad(), max: Math.max(...loads), cores: cpu.length },
  lighthouse,
  ...(env.BENCH_ONLY ? { only: env.BENCH_ONLY } : {}),
  previous: previousRun(existsSync(out) ? readFileSync(out, 'utf8') : undefined),
  server: largeResult.server ? `\`${largeResult.server}\`` : 'how: not recorded in these saved figures',
  pages: pageFacts(
    largeResult.reads
      .filter((r) => r.encoding)
      .map((r) => `${r.target.name} → ${r.encoding}`)
      .filter((v, i, a) => a.indexOf(v) === i),
  ),
})
mkdirSync(dirname(out), { recursive: true })
// `npm run bench:phone` writes a section of its own into the same file: it stays as it was.
const phone = existsSync(out) ? phoneSectionOf(readFileSync(out, 'utf8')) : undefined
// So does the live streams' section when this run did not measure them (BENCH_ONLY without `streams`).
const oldLive = smallResult.live ? undefined : liveSectionOf(existsSync(out) ? readFileSync(out, 'utf8') : '')
const withLive = oldLive ? withLiveSection(report, oldLive) : report
const withPhone = phone ? withPhoneSection(withLive, phone) : withLive
// And `npm run bench:campaign-rush`'s section (bench/campaign-rush.ts).
const rush = existsSync(out) ? rushSectionOf(readFileSync(out, 'utf8')) : undefined
writeFileSync(out, rush ? withRushSection(withPhone, rush) : withPhone)
console.log(`\nWrote ${out} in ${((performance.now() - started) / 1000).toFixed(0)} s`)
