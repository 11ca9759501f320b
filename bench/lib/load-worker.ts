/**
 * The load generator, in a process of its own so that it never shares the server's event loop.
 * It takes LoadSpecs over IPC ({ id, spec }) one at a time and answers { id, result } or { id, error }.
 */
import { randomUUID } from 'node:crypto'
import autocannon from 'autocannon'
import { partsRecorder, type PartResult } from './latency'

export type LoadSpec = {
  url: string
  path: string
  method: 'GET' | 'POST'
  connections: number
  duration: number
  headers: Record<string, string>
  /** POST only: one body and cookie per bench client; each request takes a client no other request holds. */
  clients?: { cookie: string; body: string }[]
  /** GET only: several reads, each request taking the next in turn; the result has their figures apart (`parts`). */
  mix?: { label: string; path: string; headers: Record<string, string> }[]
  /** At most this many requests per second over all connections (autocannon's overallRate); unbounded when absent. */
  rate?: number
}

export type LoadResult = {
  reqPerSec: number
  p50: number
  p99: number
  max: number
  total: number
  ok: number
  non2xx: number
  errors: number
  timeouts: number
  bytesPerSec: number
  statusCodes: Record<string, number>
  /** With `mix`: each read's answers, by label. */
  parts?: Record<string, PartResult>
}

type Ctx = { client?: number; label?: string }

/** The request spec of a mixed load: each request takes the next read of the mix, whichever connection sends it. */
function mixedRequest(
  spec: LoadSpec,
  mix: NonNullable<LoadSpec['mix']>,
  onAnswer: (label: string, status: number) => void,
) {
  let next = 0
  return {
    method: 'GET',
    path: mix[0]!.path,
    setupRequest(req: autocannon.Request, context: Ctx) {
      const m = mix[next++ % mix.length]!
      context.label = m.label
      return { ...req, path: m.path, headers: { ...spec.headers, ...m.headers } }
    },
    onResponse(status: number, _body: string, context: Ctx) {
      onAnswer(context.label ?? mix[0]!.label, status)
    },
  }
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  const free = spec.clients ? spec.clients.map((_, i) => i).reverse() : []
  let roundRobin = 0
  // autocannon calls a request's onResponse, then emits 'response' with its latency, in one go:
  // the label the first leaves is the one the second's latency belongs to.
  const parts = partsRecorder()
  let answered: { label: string; status: number } | undefined
  const tracker = autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.duration,
    headers: spec.headers,
    ...(spec.rate ? { overallRate: spec.rate } : {}),
    requests: [
      spec.mix
        ? mixedRequest(spec, spec.mix, (label, status) => (answered = { label, status }))
        : spec.clients
          ? {
              method: 'POST',
              path: spec.path,
              setupRequest(req: autocannon.Request, context: Ctx) {
                const i = free.pop() ?? roundRobin++ % spec.clients!.length
                context.client = i
                const c = spec.clients![i]!
                req.headers = {
                  ...spec.headers,
                  cookie: c.cookie,
                  'content-type': 'application/json',
                  'idempotency-key': randomUUID(),
                }
                req.body = c.body
                return req
              },
              onResponse(_status: number, _body: string, context: Ctx) {
                if (context.client !== undefined) free.push(context.client)
              },
            }
          : { method: spec.method, path: spec.path },
    ],
  } as autocannon.Options)
  tracker.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (answered) parts.record(answered.label, status, ms)
    answered = undefined
  })
  const result = await tracker
  const codes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, (v as { count: number }).count]),
  )
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerSec: result.throughput.average,
    statusCodes: codes,
    ...(spec.mix ? { parts: parts.result() } : {}),
  }
}

process.on('message', (msg: { id: number; spec: LoadSpec }) => {
  run(msg.spec).then(
    (result) => process.send!({ id: msg.id, result }),
    (e: unknown) => process.send!({ id: msg.id, error: String(e) }),
  )
})
