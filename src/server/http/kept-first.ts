import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify'
import { safeUrl } from '../runtime/log-safety'
import { pickEncoding, type CachedAnswer, type Encoding } from './prepared-answer'

type Count = { current: number; ttl: number; iterationStartMs: number }
type Done = (error: Error | null, result?: { current: number; ttl: number }) => void

/**
 * The API's per-IP count in this process (no Redis, no cluster): @fastify/rate-limit's own
 * LocalStore (a fixed window per key, the oldest keys forgotten past `max`), answering at once,
 * so that the front door below counts its requests in the very same counts as the API's hook.
 */
export class LocalLimitStore {
  readonly #counts = new Map<string, Count>()
  readonly #max: number

  constructor(_options?: object, max = 5_000) {
    this.#max = max
  }

  incr(key: string, done: Done, timeWindow: number) {
    done(null, this.count(key, timeWindow))
  }

  read(key: string, done: Done, timeWindow: number) {
    const c = this.#counts.get(key)
    const now = Date.now()
    if (!c || c.iterationStartMs + timeWindow <= now) done(null, { current: 0, ttl: 0 })
    else done(null, { current: c.current, ttl: timeWindow - (now - c.iterationStartMs) })
  }

  /** Counts one request of `key` now; its count in the window. */
  count(key: string, timeWindow: number): Count {
    const now = Date.now()
    let c = this.#counts.get(key)
    if (!c || c.iterationStartMs + timeWindow <= now)
      c = { current: 1, ttl: timeWindow, iterationStartMs: now }
    else {
      c.current++
      c.ttl = timeWindow - (now - c.iterationStartMs)
    }
    // Last used, last forgotten.
    this.#counts.delete(key)
    this.#counts.set(key, c)
    if (this.#counts.size > this.#max) this.#counts.delete(this.#counts.keys().next().value!)
    return c
  }

  /** Whether one more request of `key` now stays within `max` (nothing counted). */
  allows(key: string, timeWindow: number, max: number) {
    const c = this.#counts.get(key)
    return !c || c.iterationStartMs + timeWindow <= Date.now() || c.current < max
  }

  child() {
    return new LocalLimitStore()
  }
}

/** How many answers the front door sent (tests/api/kept-first.test.ts reads it). */
export const frontDoorAnswers = { count: 0 }

/** For @fastify/rate-limit's `store`, which it calls with `new`: this very store. */
export const sameStore = (store: LocalLimitStore) =>
  function SameStore() {
    return store
  } as unknown as FastifyRateLimitStoreCtor

/** Fastify's way of telling the client's address from TRUST_PROXY (its request.js). */
function trustFn(tp: FastifyServerOptions['trustProxy']): ((addr: string, i: number) => boolean) | undefined {
  if (!tp) return undefined
  if (typeof tp === 'function') return tp
  if (tp === true) return () => true
  if (typeof tp === 'number') return () => false
  return proxyAddr.compile(typeof tp === 'string' ? tp.split(',').map((v) => v.trim()) : tp)
}

type ServerSettings = {
  http?: object
  keepAliveTimeout?: number
  requestTimeout?: number
  connectionTimeout?: number
  maxRequestsPerSocket?: number
}

export type FrontDoor = {
  /** The Fastify option: the server, with the front door before Fastify's handler. */
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>
  /** Opens the door once the app is built; closed (every request to Fastify) until then. */
  open(opts: {
    keptAt(address: string): CachedAnswer | undefined
    /** The headers every API answer starts with (app.ts), in their order. */
    headers: Record<string, string>
    store: LocalLimitStore
    max: number
    timeWindowMs: number
    overloaded(): boolean
    log: FastifyBaseLogger
  }): void
  /** The app is closing: Fastify answers every request from now on. */
  close(): void
}

/**
 * The front door of kept storefront answers (docs/decisions/0084): a GET of the API whose
 * address (path and query string, byte for byte) Fastify has already answered with an answer
 * still kept (services/catalogue/storefront-cache.ts `remember`, from http/kernel.ts) is
 * answered here, before Fastify, with what Fastify would send: the API's headers in the same
 * order, a request id, `no-store`, the same body and encoding; counted in the same per-IP limit
 * and written in the same log line (http/request-log.ts). Whatever else goes to Fastify: a
 * request with a body, an address not kept, an encoding not yet made, a client at its limit
 * (Fastify refuses it), an overloaded or closing server, counts kept elsewhere (Redis, a cluster).
 */
export function frontDoor(options: Pick<FastifyServerOptions, 'trustProxy'>): FrontDoor {
  const trust = trustFn(options.trustProxy)
  let serve: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined
  return {
    serverFactory: (handler, options) => {
      // The server Fastify makes itself (its server.js), with the door before its handler.
      const opts = options as ServerSettings | undefined
      const server: Server = createServer(opts?.http ?? {}, (req, res) => {
        if (serve?.(req, res)) return
        handler(req, res)
      })
      if (opts?.keepAliveTimeout !== undefined) server.keepAliveTimeout = opts.keepAliveTimeout
      if (opts?.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout
      server.setTimeout(opts?.connectionTimeout ?? 0)
      if (opts?.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket
      return server
    },
    open(o) {
      /** The answer's headers in order, as one flat list, the request id's value left blank. */
      const heads = new WeakMap<Buffer, string[]>()
      const api = Object.entries(o.headers).flat()
      const idAt = api.length + 1
      const headFor = (body: Buffer, encoding: Encoding) => {
        const head = [...api, 'x-request-id', '', 'cache-control', 'no-store']
        head.push('content-type', 'application/json; charset=utf-8', 'vary', 'accept-encoding')
        if (encoding !== 'identity') head.push('content-encoding', encoding)
        head.push('content-length', String(body.length))
        heads.set(body, head)
        return head
      }
      const log = o.log as FastifyBaseLogger & { isLevelEnabled(level: string): boolean }
      serve = (req, res) => {
        const url = req.url
        if (req.method !== 'GET' || !url?.startsWith('/_api/')) return false
        if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined)
          return false
        const answer = o.keptAt(url)
        if (!answer) return false
        const encoding =
          answer.body.length >= 1024 ? pickEncoding(req.headers['accept-encoding']) : 'identity'
        const body = answer.ready.get(encoding)
        if (!body || o.overloaded()) return false
        const ip = (trust ? proxyAddr(req, trust) : req.socket.remoteAddress) ?? ''
        if (!o.store.allows(ip, o.timeWindowMs, o.max)) return false
        o.store.count(ip, o.timeWindowMs)
        const info = log.isLevelEnabled('info')
        const start = info ? performance.now() : 0
        const id = randomUUID()
        // Fastify's order: the API's headers and the request id (app.ts), `no-store`, then the
        // answer's own (prepared-answer.ts sendCached) and its length.
        const head = (heads.get(body) ?? headFor(body, encoding)).slice()
        head[idAt] = id
        res.writeHead(200, head)
        res.end(body)
        frontDoorAnswers.count++
        if (info)
          res.once('finish', () => {
            const responseTime = Math.round((performance.now() - start) * 10) / 10
            o.log.info(
              { reqId: id, method: 'GET', url: safeUrl(url), statusCode: 200, responseTime },
              'request completed',
            )
          })
        return true
      }
    },
    close() {
      serve = undefined
    },
  }
}
