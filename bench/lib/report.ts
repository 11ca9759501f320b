import type { CreateResult, ReadResult, SetResult } from './bench-set'
import type { Options } from './bench-set'

export type Report = {
  machine: string
  date: string
  commit: string
  opts: Options
  small: SetResult
  large: SetResult
  peakRssMb: number
  totalSeconds: number
  pages: string[]
}

const f0 = (n: number) => n.toFixed(0)
const f1 = (n: number) => n.toFixed(1)
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0))
const passFail = (ok: boolean) => (ok ? '**pass**' : '**FAIL**')
const sizeLine = (s: SetResult) =>
  `${s.size.orders.toLocaleString('en')} orders, ${s.size.products.toLocaleString('en')} products, ${s.size.clients.toLocaleString('en')} clients, ${s.size.contacts.toLocaleString('en')} contact messages (${s.kind}, built in ${f0(s.seedSeconds)} s; server process RSS once loaded, before any load: ${f0(s.idleRssMb)} MB)`

function readTable(s: SetResult, small?: SetResult) {
  const lines = [
    '| endpoint | caller | bytes | encoding | app req/s | app p50 ms | app p99 ms | bare req/s | bare p99 ms | app / bare | p99 vs 1,000 orders | RSS MB |',
    '|---|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|',
  ]
  for (const r of s.reads) {
    if (!r.app || !r.bare) {
      lines.push(`| ${r.target.name} | ${r.target.as} | | | ${r.skipped ?? 'skipped'} | | | | | | | |`)
      continue
    }
    const other = small?.reads.find((x) => x.target.name === r.target.name)?.app
    const growth = other && other.p99 > 0 ? `${f1(r.app.p99 / other.p99)}×` : ''
    lines.push(
      `| ${r.target.name} | ${r.target.as} | ${r.bytes} | ${r.encoding} | ${f0(r.app.reqPerSec)} | ${ms(r.app.p50)} | ${ms(r.app.p99)} | ${f0(r.bare.reqPerSec)} | ${ms(r.bare.p99)} | ${f0((100 * r.app.reqPerSec) / r.bare.reqPerSec)}% | ${growth} | ${f0(r.rssMb ?? 0)} |`,
    )
  }
  return lines.join('\n')
}

function createLines(c: CreateResult | undefined, kind: string, duration: number) {
  if (!c) return ['Not run.']
  if (!c.load) return [`Not measured: ${c.skipped}.`]
  const l = c.load
  return [
    `| orders/s | p50 ms | p99 ms | max ms | acknowledged (2xx) | stored | other answers | errors | RSS MB |`,
    '|--:|--:|--:|--:|--:|--:|---|--:|--:|',
    `| ${f0(l.ok / duration)} | ${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.max)} | ${c.acknowledged} | ${c.stored} | ${JSON.stringify(l.statusCodes)} | ${l.errors + l.timeouts} | ${f0(c.rssMb ?? 0)} |`,
    '',
    kind === 'postgres' ? '' : '_Measured on PGlite (one query at a time): the target is for PostgreSQL (`DATABASE_URL=postgres://… npm run bench`)._',
  ]
}

function targets(rep: Report) {
  const { small, large } = rep
  const out = ['| target | measured | result |', '|---|---|---|']
  for (const r of large.reads.filter((x) => x.target.group === 'storefront')) {
    out.push(r.app && r.bare
      ? `| ${r.target.name}: ≥ 50% of the bare server's req/s | ${f0((100 * r.app.reqPerSec) / r.bare.reqPerSec)}% | ${passFail(r.app.reqPerSec >= 0.5 * r.bare.reqPerSec)} |`
      : `| ${r.target.name}: ≥ 50% of bare | ${r.skipped} | not measured |`)
  }
  for (const r of large.reads.filter((x) => x.target.group === 'admin')) {
    const before = small.reads.find((x) => x.target.name === r.target.name)?.app
    out.push(r.app && before
      ? `| ${r.target.name}: p99 at ${large.size.orders.toLocaleString('en')} ≤ 1.5× p99 at ${small.size.orders.toLocaleString('en')} | ${ms(r.app.p99)} ms vs ${ms(before.p99)} ms (${f1(r.app.p99 / Math.max(before.p99, 0.01))}×) | ${passFail(r.app.p99 <= 1.5 * before.p99)} |`
      : `| ${r.target.name}: p99 growth ≤ 1.5× | ${r.skipped ?? 'no 1,000-order figure'} | not measured |`)
  }
  for (const r of large.reads.filter((x) => x.target.group === 'dashboard')) {
    out.push(r.app
      ? `| ${r.target.name}: p99 < 200 ms | ${ms(r.app.p99)} ms | ${passFail(r.app.p99 < 200)} |`
      : `| ${r.target.name}: p99 < 200 ms | ${r.skipped} | not measured |`)
  }
  const c = large.create
  if (c?.load) {
    const rate = c.load.ok / rep.opts.duration
    const ok = rate >= 300 && c.load.p99 < 100 && (c.stored ?? 0) >= (c.acknowledged ?? 0)
    out.push(`| orders/create at ${rep.opts.connections} clients: ≥ 300 orders/s, p99 < 100 ms, every acknowledged order stored | ${f0(rate)}/s, p99 ${ms(c.load.p99)} ms, ${c.stored}/${c.acknowledged} stored | ${large.kind === 'postgres' ? passFail(ok) : `not judged on PGlite (${ok ? 'would pass' : 'would fail'})`} |`)
  } else out.push(`| orders/create: ≥ 300 orders/s, p99 < 100 ms | ${c?.skipped ?? 'not run'} | not measured |`)
  out.push(large.kind === 'postgres'
    ? `| server memory < 250 MB throughout (PostgreSQL) | peak RSS ${f0(rep.peakRssMb)} MB | ${passFail(rep.peakRssMb < 250)} |`
    : `| server memory < 250 MB throughout (PostgreSQL) | peak RSS ${f0(rep.peakRssMb)} MB, PGlite's database living inside the server process | not judged on PGlite |`)
  out.push('| `WEB_CONCURRENCY=N` workers correct across instances | not a figure: proven by tests (not part of this bench) | see tests |')
  out.push('| Lighthouse mobile ≥ 95 on / and /products | not run: `lighthouse` is not installed in this environment | left for later |')
  return out.join('\n')
}

export function renderReport(rep: Report) {
  return `# Benchmark results

Written by \`npm run bench\` (bench/run.ts). Do not edit by hand.

- Date: ${rep.date}
- Commit: ${rep.commit}
- Machine: ${rep.machine}
- Load: autocannon, ${rep.opts.connections} connections, ${rep.opts.rounds} turn(s) of ${rep.opts.duration} s per server (app, bare, app, bare…) after a ${rep.opts.warmup} s warm-up of the app; latencies are means over the turns. autocannon runs in a child process; the app, its database driver and the bare server share this process (the bare server is idle while the app is measured).
- Each data set runs in a process of its own (its memory figures are its own).
- "bare" is a node:http server answering the same URL with the very bytes and headers the app sent, from memory. "RSS MB" is this process's peak resident memory during the app's turns.
- Total run time: ${f0(rep.totalSeconds)} s. The machine is shared with other work: read the ratios, not the absolute figures.

## Targets (issue 8)

${targets(rep)}

## Reads at ${rep.large.size.orders.toLocaleString('en')} orders

Data set: ${sizeLine(rep.large)}.

${readTable(rep.large, rep.small)}

## Reads at ${rep.small.size.orders.toLocaleString('en')} orders

Data set: ${sizeLine(rep.small)}.

${readTable(rep.small)}

## Order creation (\`POST /_api/orders/create\`, ${rep.opts.connections} different clients, at ${rep.large.size.orders.toLocaleString('en')} orders)

${createLines(rep.large.create, rep.large.kind, rep.opts.duration).join('\n')}

## Pages

${rep.pages.map((p) => `- ${p}`).join('\n')}
`
}

export type { ReadResult }
