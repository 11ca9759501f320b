import { request, createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Recorded = { status: number; headers: Record<string, string | string[]>; body: Buffer }

// Per-connection or per-moment headers: node:http writes its own.
const skipped = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie'])

/** One raw GET (no accept-encoding, like autocannon): status, headers and the exact bytes. */
export function fetchRaw(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Recorded> {
  return new Promise((resolvePromise, reject) => {
    const req = request(new URL(path, base), { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolvePromise({
          status: res.statusCode ?? 0,
          headers: keep(res.headers),
          body: Buffer.concat(chunks),
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

function keep(headers: IncomingHttpHeaders) {
  const out: Record<string, string | string[]> = {}
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !skipped.has(k)) out[k] = v
  return out
}

/**
 * The baseline: a bare node:http server answering each recorded URL with the very bytes and
 * headers the app sent. What the app costs is the difference between the two.
 */
export async function startBareServer(answers: Map<string, Recorded>) {
  const server = createServer((req, res) => {
    const a = answers.get(req.url ?? '')
    if (!a) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(a.status, a.headers)
    res.end(a.body)
  })
  server.keepAliveTimeout = 72_000
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
