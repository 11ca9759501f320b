/**
 * The load generator, in a process of its own so that it never shares the server's event loop.
 * It takes LoadSpecs over IPC ({ id, spec }) one at a time and answers { id, result } or { id, error }.
 */
import { randomUUID } from 'node:crypto'
import autocannon from 'autocannon'

export type LoadSpec = {
  url: string
  path: string
  method: 'GET' | 'POST'
  connections: number
  duration: number
  headers: Record<string, string>
  /** POST only: one body and cookie per bench client; each request takes a client no other request holds. */
  clients?: { cookie: string; body: string }[]
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
}

type Ctx = { client?: number }

async function run(spec: LoadSpec): Promise<LoadResult> {
  const free = spec.clients ? spec.clients.map((_, i) => i).reverse() : []
  let roundRobin = 0
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.duration,
    headers: spec.headers,
    requests: [
      spec.clients
        ? {
            method: 'POST',
            path: spec.path,
            setupRequest(req: autocannon.Request, context: Ctx) {
              const i = free.pop() ?? roundRobin++ % spec.clients!.length
              context.client = i
              const c = spec.clients![i]!
              req.headers = { ...spec.headers, cookie: c.cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() }
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
  }
}

process.on('message', (msg: { id: number; spec: LoadSpec }) => {
  run(msg.spec).then(
    (result) => process.send!({ id: msg.id, result }),
    (e: unknown) => process.send!({ id: msg.id, error: String(e) }),
  )
})
