import type { CrowdResult } from './bench-crowds'
import type { CreateResult, ReadResult, SetResult } from './bench-set'
import type { Options } from './bench-set'
import { serverErrors } from './latency'
import { lighthouseTable, type LighthouseResult } from './lighthouse'
import { answered, databaseName, f0, f1, latency, ms, passFail, rowsNote } from './report-format'

export { databaseName } from './report-format'
import { liveSection, liveTargets } from './report-live'

export {
  LIVE_END,
  LIVE_KB_PER_STREAM,
  LIVE_P99_RATIO,
  LIVE_START,
  liveSection,
  liveSectionOf,
  liveVerdict,
  withLiveSection,
} from './report-live'

export type Report = {
  machine: string
  date: string
  commit: string
  opts: Options
  small: SetResult
  large: SetResult
  peakRssMb: number
  /** Null when the report was re-rendered from saved figures (BENCH_REPORT_ONLY=1). */
  totalSeconds: number | null
  /** Share of the CPU time the hypervisor gave elsewhere during the run (steal, /proc/stat), in %. */
  stolenPercent?: number | null
  /** The 1-minute load average sampled every 5 s during the run: the other work on this machine. */
  loadAverage?: { mean: number; max: number; cores: number } | null
  pages: string[]
  /** How the server ran (the built bundle, or the sources through tsx). */
  server: string
  /** bench/lighthouse.ts's results, when it ran. */
  lighthouse?: (LighthouseResult & { label: string })[]
  /** The report this run replaces (its text), whose figures stay visible below (`previousRun`). */
  previous?: string
  /** BENCH_ONLY, when the run measured only some reads. */
  only?: string
}

const sizeLine = (s: SetResult) =>
  `${s.size.orders.toLocaleString('en')} orders, ${s.size.products.toLocaleString('en')} products, ${s.size.clients.toLocaleString('en')} clients, ${s.size.contacts.toLocaleString('en')} contact messages (${s.kind}, built in ${f0(s.seedSeconds)} s; server process RSS once loaded, before any load: ${f0(s.idleRssMb)} MB)`

function readTable(s: SetResult, small?: SetResult) {
  const lines = [
    '| endpoint | caller | rows | bytes | encoding | app req/s | app p50 ms | app p99 ms | bare req/s | bare p99 ms | app / bare | p99 vs 1,000 orders | RSS MB |',
    '|---|---|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|',
  ]
  for (const r of s.reads) {
    if (!r.app || !r.bare) {
      lines.push(`| ${r.target.name} | ${r.target.as} | | | | ${r.skipped ?? 'skipped'} | | | | | | | |`)
      continue
    }
    const other = small?.reads.find((x) => x.target.name === (r.target.sameSizeAs ?? r.target.name))?.app
    const growth = !other
      ? ''
      : answered(r.app) && answered(other) && other.p99 > 0
        ? `${f1(r.app.p99 / other.p99)}×`
        : 'n/a'
    const none = answered(r.app) ? '' : ' (no answer)'
    lines.push(
      `| ${r.target.name} | ${r.target.as} | ${r.rows ?? ''} | ${r.bytes} | ${r.encoding} | ${f0(r.app.reqPerSec)}${none} | ${ms(r.app.p50)} | ${ms(r.app.p99)} | ${f0(r.bare.reqPerSec)} | ${ms(r.bare.p99)} | ${f0((100 * r.app.reqPerSec) / r.bare.reqPerSec)}% | ${growth} | ${f0(r.rssMb ?? 0)} |`,
    )
  }
  return lines.join('\n')
}

function createLines(c: CreateResult | undefined, kind: string, duration: number) {
  if (!c) return ['Not run.']
  if (!c.load) return [`Not measured: ${c.skipped}.`]
  const l = c.load
  return [
    `| orders/s | p50 ms | p99 ms | max ms | acknowledged as new (201) | stored | answers by status | errors | RSS MB |`,
    '|--:|--:|--:|--:|--:|--:|---|--:|--:|',
    `| ${f0(l.ok / (c.seconds ?? duration))} | ${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.max)} | ${c.acknowledged} | ${c.stored} | ${JSON.stringify(l.statusCodes)} | ${l.errors + l.timeouts} | ${f0(c.rssMb ?? 0)} |`,
    '',
    kind === 'postgres'
      ? ''
      : '_Measured on PGlite (one query at a time): the target is for PostgreSQL (`DATABASE_URL=postgres://… npm run bench`)._',
  ]
}

/** The database a report ran on, for its title. */

/** The p99 a crowd must stay under, in every turn and for every read of its mix (decision 0017). */
export const CROWD_P99_MS = 250

/**
 * Whether a crowd meets its target (decision 0017): every turn answered, with no 5xx, no connection
 * error or timeout, and a p99 under CROWD_P99_MS; and each read of the mix under it too.
 */
export function crowdVerdict(c: CrowdResult) {
  const turns = c.turns ?? []
  const fiveXx = c.load ? serverErrors(c.load.statusCodes) : 0
  const ok =
    !!c.load &&
    turns.length > 0 &&
    turns.every((t) => answered(t) && t.p99 < CROWD_P99_MS) &&
    fiveXx === 0 &&
    c.load.errors + c.load.timeouts === 0 &&
    Object.values(c.load.parts ?? {}).every((p) => p.total > 0 && p.p99 < CROWD_P99_MS)
  return { ok, fiveXx }
}

/** A crowd's figures in one cell: answers, 5xx, p99 (mean and each turn), each read's p99. */
function crowdMeasured(c: CrowdResult) {
  const l = c.load!
  const { fiveXx } = crowdVerdict(c)
  const others = l.non2xx - fiveXx
  const parts = Object.entries(l.parts ?? {}).map(([label, p]) => `${label} ${ms(p.p99)}`)
  return `${l.total.toLocaleString('en')} answers, ${fiveXx} 5xx${others ? `, ${others} other non-2xx` : ''}${l.errors + l.timeouts ? `, ${l.errors + l.timeouts} errors or timeouts` : ''}; p99 ${ms(l.p99)} ms (turns: ${c.turns!.map((t) => latency(t)).join(', ')}), max ${ms(l.max)} ms; p99 by read (ms): ${parts.join(', ')}`
}

function crowdTargets(rep: Report) {
  const { small } = rep
  const c = small.crowds?.find((x) => !x.writesPerSec)
  const name = `admin/orders on PGlite at ${small.size.orders.toLocaleString('en')} orders, ${rep.opts.connections} readers (the list's first page, a status filter and a search; as root and as a country admin): no 5xx, p99 < ${CROWD_P99_MS} ms`
  if (!c) return []
  if (!c.load) return [`| ${name} | ${c.skipped ?? 'not run'} | not measured |`]
  const { ok } = crowdVerdict(c)
  return [
    `| ${name} | ${crowdMeasured(c)} | ${small.kind === 'pglite' ? passFail(ok) : `not judged on ${databaseName(small.kind)}: the target is PGlite's (${ok ? 'would pass' : 'would fail'})`} |`,
  ]
}

function crowdSection(rep: Report) {
  const crowds = rep.small.crowds ?? []
  if (!crowds.length) return ''
  const lines = [
    `## Crowd of admin readers at ${rep.small.size.orders.toLocaleString('en')} orders (\`GET /_api/admin/orders\`, decision 0017)`,
    '',
    `${rep.opts.connections} connections, each request the next read of the mix: ${crowds[0]!.reads.map((r) => `\`${r.path}\` as ${r.as}`).join(', ')}. As for the reads: a ${rep.opts.warmup} s warm-up, then ${rep.opts.rounds} turn(s) of ${rep.opts.duration} s, latencies the mean of the turns (p99 of each turn shown too), counts summed; the target holds when every turn and every read of the mix is under ${CROWD_P99_MS} ms with no 5xx. "load average after": the machine's 1-minute load average when the crowd's turns ended, on ${rep.loadAverage?.cores ?? 'its'} cores. Measured on the ${rep.small.size.orders.toLocaleString('en')}-order server after its reads above. ${rep.small.kind === 'pglite' ? "On PGlite the list's answer is kept until the next write (`PGLITE_READ_CACHE`, on by default, docs/decisions/0017): with readers only, after the first computation of each read the crowd is served from it; the second crowd places one checkout a second alongside, each of which ends the kept answers (for information, not a target)." : ''}`,
    '',
    '| crowd | answers | req/s | p50 ms | p99 ms (mean) | p99 ms by turn | max ms | answers by status | errors + timeouts | checkouts alongside (by status) | RSS MB | load average after | target |',
    '|---|--:|--:|--:|--:|---|--:|---|--:|---|--:|--:|---|',
  ]
  for (const c of crowds) {
    if (!c.load) {
      lines.push(`| ${c.name} | ${c.skipped ?? 'not run'} | | | | | | | | | | | |`)
      continue
    }
    const l = c.load
    const judged = !c.writesPerSec
      ? rep.small.kind === 'pglite'
        ? passFail(crowdVerdict(c).ok)
        : 'not judged'
      : 'for information'
    lines.push(
      `| ${c.name} | ${l.total} | ${f0(l.reqPerSec)} | ${ms(l.p50)} | ${ms(l.p99)} | ${c.turns!.map((t) => latency(t)).join(', ')} | ${ms(l.max)} | ${JSON.stringify(l.statusCodes)} | ${l.errors + l.timeouts} | ${c.writes ? JSON.stringify(c.writes.statusCodes) : ''} | ${f0(c.rssMb ?? 0)} | ${c.loadAverage === undefined ? '' : f1(c.loadAverage)} | ${judged} |`,
    )
  }
  lines.push(
    '',
    'By read (latencies the mean of the turns):',
    '',
    '| crowd | read | answers | p50 ms | p99 ms | max ms | answers by status |',
    '|---|---|--:|--:|--:|--:|---|',
  )
  for (const c of crowds)
    for (const [label, p] of Object.entries(c.load?.parts ?? {}))
      lines.push(
        `| ${c.name} | ${label} | ${p.total} | ${ms(p.p50)} | ${ms(p.p99)} | ${ms(p.max)} | ${JSON.stringify(p.statusCodes)} |`,
      )
  return `${lines.join('\n')}\n\n`
}

function targets(rep: Report) {
  const { small, large } = rep
  const out = ['| target | measured | result |', '|---|---|---|', ...crowdTargets(rep), ...liveTargets(rep)]
  for (const r of large.reads.filter((x) => x.target.group === 'storefront')) {
    out.push(
      r.app && r.bare
        ? `| ${r.target.name}: ≥ 80% of the bare server's req/s (${r.bytes} bytes) | ${f0((100 * r.app.reqPerSec) / r.bare.reqPerSec)}% | ${passFail(r.app.reqPerSec >= 0.8 * r.bare.reqPerSec)} |`
        : `| ${r.target.name}: ≥ 80% of bare | ${r.skipped} | not measured |`,
    )
  }
  out.push(...ownTargets(large))
  for (const full of large.reads.filter((x) => x.target.group === 'admin' && !x.target.sameSizeAs)) {
    // Judged on pages of equal size (decision 0014): the read with the small set's row count
    // when this page held more rows; the full page is shown beside it.
    const same = large.reads.find((x) => x.target.sameSizeAs === full.target.name)
    const r = same ?? full
    const smallRead = small.reads.find((x) => x.target.name === full.target.name)
    const before = smallRead?.app
    const bothAnswered = answered(r.app) && answered(before)
    const fullPage = same && full.app ? `; the full page, ${full.rows} rows: ${latency(full.app)}` : ''
    out.push(
      r.app && before
        ? `| ${full.target.name}: p99 at ${large.size.orders.toLocaleString('en')} ≤ 1.5× p99 at ${small.size.orders.toLocaleString('en')} | ${latency(r.app)}${rowsNote(r.rows)} vs ${latency(before)}${rowsNote(smallRead?.rows)}${bothAnswered ? ` (${f1(r.app.p99 / Math.max(before.p99, 0.01))}×)` : ''}${fullPage} | ${passFail(bothAnswered && r.app.p99 <= 1.5 * before.p99)} |`
        : `| ${full.target.name}: p99 growth ≤ 1.5× | ${r.skipped ?? 'no 1,000-order figure'} | not measured |`,
    )
  }
  for (const r of large.reads.filter((x) => x.target.group === 'dashboard')) {
    out.push(
      r.app
        ? `| ${r.target.name}: p99 < 200 ms | ${latency(r.app)} | ${passFail(answered(r.app) && r.app.p99 < 200)} |`
        : `| ${r.target.name}: p99 < 200 ms | ${r.skipped} | not measured |`,
    )
  }
  const c = large.create
  if (c?.load) {
    const rate = c.load.ok / (c.seconds ?? rep.opts.duration)
    const ok = rate >= 300 && c.load.p99 < 100 && (c.stored ?? 0) >= (c.acknowledged ?? 0)
    out.push(
      `| orders/create at ${rep.opts.connections} clients: ≥ 300 orders/s, p99 < 100 ms, every acknowledged order stored | ${f0(rate)}/s, p99 ${ms(c.load.p99)} ms, ${c.stored}/${c.acknowledged} stored | ${large.kind === 'postgres' ? passFail(ok) : `not judged on PGlite (${ok ? 'would pass' : 'would fail'})`} |`,
    )
  } else
    out.push(`| orders/create: ≥ 300 orders/s, p99 < 100 ms | ${c?.skipped ?? 'not run'} | not measured |`)
  out.push(
    large.kind === 'postgres'
      ? `| server memory < 250 MB throughout (PostgreSQL) | peak RSS ${f0(rep.peakRssMb)} MB | ${passFail(rep.peakRssMb < 250)} |`
      : `| server memory < 250 MB throughout (PostgreSQL) | peak RSS ${f0(rep.peakRssMb)} MB, PGlite's database living inside the server process | not judged on PGlite |`,
  )
  out.push(
    '| `WEB_CONCURRENCY=N` workers correct across instances | not a figure: proven by tests (not part of this bench) | see tests |',
  )
  const lh = rep.lighthouse
  if (!lh)
    out.push(
      '| Lighthouse mobile ≥ 95 on / and /products | not run (no built client, or BENCH_LIGHTHOUSE=0) | not measured |',
    )
  else {
    const pages = lh.filter((r) => r.label === '/ (demo data)' || r.label === '/products (demo data)')
    const ok = pages.length === 2 && pages.every((r) => r.score >= 95)
    out.push(
      `| Lighthouse mobile ≥ 95 on / and /products (demo data, median of ${pages[0]?.runs?.length ?? 1}) | ${pages.map((r) => `${r.path} ${r.score}`).join(', ')} | ${passFail(ok)} |`,
    )
  }
  return out.join('\n')
}

/** The reads that carry their own target (`minShareOfBare`, `maxP50Ms`): the small public reads, the cache misses. */
export function ownTargets(large: SetResult) {
  const out: string[] = []
  for (const r of large.reads) {
    const { minShareOfBare: share, maxP50Ms: p50, connections } = r.target
    if (share === undefined && p50 === undefined) continue
    const clients = connections ? `, ${connections} client${connections === 1 ? '' : 's'}` : ''
    const goal = [
      share !== undefined ? `≥ ${f0(share * 100)}% of the bare server's req/s` : '',
      p50 !== undefined ? `p50 < ${p50} ms` : '',
    ]
      .filter(Boolean)
      .join(', ')
    if (!r.app || !r.bare) {
      out.push(`| ${r.target.name}: ${goal}${clients} | ${r.skipped ?? 'not run'} | not measured |`)
      continue
    }
    const ratio = r.app.reqPerSec / r.bare.reqPerSec
    const measured = [
      share !== undefined
        ? `${f0(100 * ratio)}% (${f0(r.app.reqPerSec)} vs ${f0(r.bare.reqPerSec)} req/s)`
        : '',
      p50 !== undefined ? `p50 ${answered(r.app) ? `${ms(r.app.p50)} ms` : 'no answer'}` : '',
    ]
      .filter(Boolean)
      .join(', ')
    const ok =
      answered(r.app) && (share === undefined || ratio >= share) && (p50 === undefined || r.app.p50 < p50)
    out.push(`| ${r.target.name}: ${goal}${clients} (${r.bytes} bytes) | ${measured} | ${passFail(ok)} |`)
  }
  return out
}

/**
 * The figures of the report a run replaces, kept below the new ones for comparison: its date
 * and commit, its targets and its read tables (its own "previous run" section left out, so
 * that they do not pile up). Empty when there was no report.
 */
export function previousRun(text: string | undefined) {
  if (!text?.trim()) return ''
  const lines = text.split('\n')
  const facts = lines.filter((l) => /^- (Date|Commit): /.test(l))
  const sections: string[][] = []
  let current: string[] | undefined
  for (const line of lines) {
    if (line.startsWith('## ')) {
      current = /^## (Targets|Reads at)/.test(line) ? [`#${line}`] : undefined
      if (current) sections.push(current)
    } else current?.push(line)
  }
  if (!sections.length) return ''
  return `## The previous run, for comparison\n\nThe figures of the report this run replaced, as they were written.\n\n${facts.join('\n')}\n\n${sections.map((x) => x.join('\n').trim()).join('\n\n')}\n`
}

export function renderReport(rep: Report) {
  return `# Benchmark results on ${databaseName(rep.large.kind)}

Written by \`npm run bench\` (bench/run.ts). Do not edit by hand.

- Date: ${rep.date}
- Commit: ${rep.commit}
- Machine: ${rep.machine}
- Load: autocannon, ${rep.opts.connections} connections, ${rep.opts.rounds} turn(s) of ${rep.opts.duration} s per server after a ${rep.opts.warmup} s warm-up of each app; a read's turns alternate between the two data sets (the ${rep.small.size.orders.toLocaleString('en')}-order app then its bare server, the ${rep.large.size.orders.toLocaleString('en')}-order app then its bare server; the next round the other way round), so that both sizes are measured in the same minutes; latencies are means over the turns; requests still waiting when a turn ends are not counted (a turn with no answer at all shows "no answer"). autocannon runs in a process of its own; the server runs as \`npm start\` runs it (${rep.server}, NODE_ENV=production) in another; the bare server in a third, idle while the app is measured.
${rep.only ? `- **A partial run**: only the reads whose name holds one of \`${rep.only}\` (BENCH_ONLY), so the other targets are not measured here; the previous run's figures are at the end of this file.\n` : ''}- Each data set is built, then served by a fresh server process; the two servers run side by side, one idle while the other is measured.
- "bare" is a node:http server answering the same URL with the very bytes and headers the app sent, from memory. "RSS MB" is the server process's peak resident memory during the app's turns (sampled every 100 ms; on PGlite it includes the embedded database).
- ${rep.totalSeconds === null ? 'Report re-rendered from the saved figures of the last run (BENCH_REPORT_ONLY=1); date and commit are those of the re-rendering.' : `Total run time: ${f0(rep.totalSeconds)} s.`} The machine is shared with other work: read the ratios, not the absolute figures.${rep.stolenPercent != null ? ` During the run the hypervisor took ${f0(rep.stolenPercent)}% of this machine's CPU time for other machines (steal time in /proc/stat${rep.stolenPercent >= 10 ? "; above 10%, absolute figures such as orders/s and Lighthouse scores are not this code's" : ''}).` : ''}${rep.loadAverage ? ` The 1-minute load average, sampled every 5 s, was ${f1(rep.loadAverage.mean)} on average and at most ${f1(rep.loadAverage.max)} on ${rep.loadAverage.cores} cores (this run's processes and the other work on this machine).` : ''}

## Targets (decision 0008${rep.small.crowds?.length ? '; the admin crowd on PGlite: decision 0017' : ''}; the small public reads and the cache misses: decision 0022)

${targets(rep)}

## Reads at ${rep.large.size.orders.toLocaleString('en')} orders

Data set: ${sizeLine(rep.large)}.

A read named "…, N rows (limit=N)" is the read above it with only as many rows as it answered at ${rep.small.size.orders.toLocaleString('en')} orders: the admin targets compare pages of equal size (docs/decisions/0014). "p99 vs 1,000 orders" compares each read with the same filters at ${rep.small.size.orders.toLocaleString('en')} orders, whatever the rows.

${readTable(rep.large, rep.small)}

## Reads at ${rep.small.size.orders.toLocaleString('en')} orders

Data set: ${sizeLine(rep.small)}.

${readTable(rep.small)}

${crowdSection(rep)}${rep.small.live ? `${liveSection(rep.small.live, { date: rep.date, commit: rep.commit, kind: rep.small.kind, orders: rep.small.size.orders })}\n` : ''}## Order creation (\`POST /_api/orders/create\`, ${rep.opts.connections} different clients, at ${rep.large.size.orders.toLocaleString('en')} orders)

Like the reads: a ${rep.opts.warmup} s warm-up, then ${rep.opts.rounds} turn(s) of ${rep.opts.duration} s, latencies the mean of the turns; "acknowledged" counts every 201 of the warm-up and the turns.

${createLines(rep.large.create, rep.large.kind, rep.opts.duration).join('\n')}

## Pages

${rep.pages.map((p) => `- ${p}`).join('\n')}
${rep.lighthouse ? `\n### Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU; \`npm run bench:lighthouse\`)\n\n${lighthouseTable(rep.lighthouse)}\n\nThe 2,000-product row is for information: the target is on the demo data.\n` : ''}${rep.previous ? `\n${rep.previous}` : ''}`
}

export type { ReadResult }
