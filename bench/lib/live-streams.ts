/**
 * The bench's figure of decision 0046: 200 staff browsers on the live order stream
 * (`GET /_api/live/orders`, docs/rules/orders.md#live, docs/decisions/0046). Opens the streams
 * over plain HTTP as EventSource does, and measures in one run, on one server:
 *
 * - its resident memory, settled, with no stream and with every stream open;
 * - the order write (`POST /_api/orders/create`, as the bench's checkout figure sends it) in
 *   turns without streams, with them, and without them again (a slow spell of this shared
 *   machine, or the server's own drift, then shows on both sides of the comparison);
 * - that every stream is sent every order placed while it was open, and a probe order's event.
 *
 * The verdicts (ratios, not absolute times) are in report.ts (`liveVerdict`).
 */
import { request } from 'node:http'
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import type { LoadResult } from './load-worker'
import { combine, currentRssMb, memorySampler, runLoad } from './runner'

/** How many staff browsers the figure opens (decision 0046). */
export const LIVE_STREAMS = 200

/** BENCH_ONLY's words (bench/run.ts), if it is set. */
export const onlyWords = () =>
  process.env.BENCH_ONLY?.split(',')
    .map((w) => w.trim())
    .filter(Boolean)
/** The word of BENCH_ONLY that asks for the live streams' figure ('live' would match "delivery"). */
export const LIVE_WORD = 'streams'
/** Whether this run measures the live streams: a whole run, or BENCH_ONLY naming them. */
export const wantsLive = () => onlyWords()?.includes(LIVE_WORD) ?? true
/** BENCH_ONLY=streams: the live streams' figure alone, on the small set only (a minute, not a whole bench). */
export const liveOnly = () => onlyWords()?.join(',') === LIVE_WORD

export type LiveResult = {
  streams: number
  skipped?: string
  /** Streams answered 200 text/event-stream (the others' statuses in `refused`). */
  opened?: number
  refused?: Record<string, number>
  /** The server's RSS, settled (median of samples over a second), with no stream and with every stream open. */
  rssWithoutMb?: number
  rssWithMb?: number
  /** Peak RSS during the write turns with the streams open. */
  rssPeakWithMb?: number
  /** The write turns: before the streams, with them, after them. */
  before?: LoadResult
  with?: LoadResult
  after?: LoadResult
  /** Orders acknowledged (201) while the streams were open (their turns and the probe). */
  acknowledgedWhileOpen?: number
  /** Fewest and most 'created' events one stream was sent while open. */
  createdPerStream?: { min: number; max: number }
  /** The probe order placed once the turns were over, and how many streams were sent its event. */
  probe?: { orderId: number; delivered: number; ms: number }
  /** The machine's 1-minute load average when the figure was taken. */
  loadAverage?: number
}

export type LiveSpec = {
  base: string
  pid: number
  /** One staff session per stream (a browser each). */
  staffCookies: string[]
  /** Clients who may order, signed in, with an order each (as the checkout figure's). */
  clients: { cookie: string; body: string }[]
  opts: { duration: number; warmup: number; rounds: number; connections: number }
  drain: (base: string) => Promise<void>
  log?: (l: string) => void
}

type Stream = {
  status: number
  created: number
  orders: Set<number>
  close(): void
}

/** One stream, read as EventSource reads it: `created` events counted, the orders they name kept. */
function openStream(base: string, cookie: string): Promise<Stream> {
  return new Promise((ok, fail) => {
    const stream: Stream = { status: 0, created: 0, orders: new Set(), close: () => req.destroy() }
    const req = request(
      `${base}/_api/live/orders`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (res) => {
        stream.status = res.statusCode ?? 0
        if (stream.status !== 200) {
          res.resume()
          return ok(stream)
        }
        res.setEncoding('utf8')
        let text = ''
        let first = true
        res.on('data', (chunk: string) => {
          text += chunk
          let cut
          while ((cut = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, cut)
            text = text.slice(cut + 2)
            // The stream's first frame (`retry:`) says it is open.
            if (first) {
              first = false
              ok(stream)
            }
            if (!block.includes('event: order')) continue
            const data = /^data: (.*)$/m.exec(block)?.[1]
            if (!data) continue
            const e = JSON.parse(data) as { orderId: number; type: string }
            if (e.type !== 'created') continue
            stream.created += 1
            stream.orders.add(e.orderId)
          }
        })
        res.on('error', () => {})
      },
    )
    req.on('error', (err) => (stream.status ? undefined : fail(err)))
    req.end()
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The server's RSS once settled: the median of ten samples over a second, in MB. */
async function settledRss(pid: number) {
  const samples: number[] = []
  for (let i = 0; i < 10; i++) {
    samples.push(currentRssMb(pid))
    await sleep(100)
  }
  samples.sort((a, b) => a - b)
  return (samples[4]! + samples[5]!) / 2
}

/** Waits (at most `ms`) until `ok` holds; whether it did. */
async function until(ok: () => boolean, ms: number) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (ok()) return true
  return ok()
}

export async function benchLiveStreams(spec: LiveSpec): Promise<LiveResult> {
  const { base, pid, staffCookies, clients, opts, drain } = spec
  const log = spec.log ?? console.log
  const result: LiveResult = { streams: staffCookies.length }
  if (!clients.length) return { ...result, skipped: 'no client to order' }
  const writes = (duration: number) =>
    runLoad({
      url: base,
      path: '/_api/orders/create',
      method: 'POST',
      connections: opts.connections,
      duration,
      headers: {},
      clients,
    })
  const turns = async () => {
    const runs: LoadResult[] = []
    for (let i = 0; i < opts.rounds; i++) {
      runs.push(await writes(opts.duration))
      await drain(base)
    }
    return combine(runs)
  }
  const mem = memorySampler(pid)
  try {
    if (opts.warmup > 0) await writes(opts.warmup)
    await drain(base)
    result.before = await turns()
    result.rssWithoutMb = await settledRss(pid)

    // Every browser at once, as after a restart of the server when they all reconnect.
    const streams = await Promise.all(staffCookies.map((c) => openStream(base, c)))
    const open = streams.filter((s) => s.status === 200)
    result.opened = open.length
    const refused: Record<string, number> = {}
    for (const s of streams) if (s.status !== 200) refused[s.status] = (refused[s.status] ?? 0) + 1
    if (Object.keys(refused).length) result.refused = refused
    try {
      await sleep(1_000)
      result.rssWithMb = await settledRss(pid)
      mem.takeWindow()
      result.with = await turns()
      result.rssPeakWithMb = mem.takeWindow()

      // The probe: one more order, once the turns are over; every stream must be sent its event.
      const c = clients[0]!
      const t0 = performance.now()
      const res = await fetch(`${base}/_api/orders/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: c.cookie, 'idempotency-key': randomUUID() },
        body: c.body,
      })
      const placed = res.ok ? ((await res.json()) as { json?: { order?: { id: number } } }) : undefined
      const orderId = placed?.json?.order?.id
      if (orderId === undefined) log(`  live streams: the probe order answered ${res.status}`)
      else {
        await until(() => open.every((s) => s.orders.has(orderId)), 10_000)
        result.probe = {
          orderId,
          delivered: open.filter((s) => s.orders.has(orderId)).length,
          ms: performance.now() - t0,
        }
      }
      const acknowledged = (result.with.statusCodes['201'] ?? 0) + (res.status === 201 ? 1 : 0)
      result.acknowledgedWhileOpen = acknowledged
      // An order answered after its turn ended is sent too: a stream may have more, never fewer.
      await until(() => open.every((s) => s.created >= acknowledged), 10_000)
      const counts = open.map((s) => s.created)
      result.createdPerStream = counts.length
        ? { min: Math.min(...counts), max: Math.max(...counts) }
        : { min: 0, max: 0 }
    } finally {
      for (const s of streams) s.close()
    }
    await sleep(1_000)
    result.after = await turns()
    result.loadAverage = loadavg()[0]
  } finally {
    mem.stop()
  }
  log(
    `  ${result.streams} live streams: ${result.opened} open; RSS ${result.rssWithoutMb?.toFixed(0)} → ${result.rssWithMb?.toFixed(0)} MB; orders/create p99 ${result.before?.p99} / ${result.with?.p99} / ${result.after?.p99} ms (before / with / after); probe order sent to ${result.probe?.delivered ?? 0} streams; 'created' per stream ${result.createdPerStream?.min}–${result.createdPerStream?.max} for ${result.acknowledgedWhileOpen} acknowledged; load average ${result.loadAverage?.toFixed(1)}`,
  )
  return result
}
