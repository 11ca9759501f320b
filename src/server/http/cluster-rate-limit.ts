import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import { RateLimiterCluster, RateLimiterClusterMaster } from 'rate-limiter-flexible'

/**
 * The per-IP API limits when the server runs as node:cluster workers (WEB_CONCURRENCY > 1)
 * without Redis: each worker asks the primary, which keeps one count per client in memory
 * (rate-limiter-flexible's cluster limiter, over the IPC channel), so a client gets its limit
 * once, not once per worker, and no request writes to the database.
 */
export function startClusterRateLimits() {
  new RateLimiterClusterMaster()
}

/** A store for @fastify/rate-limit that counts in the primary (startClusterRateLimits). */
export class ClusterRateLimitStore implements FastifyRateLimitStore {
  private readonly limiters = new Map<number, RateLimiterCluster>()
  private readonly prefix: string

  /** The plugin builds the first store with its options; `prefix` tells routes' counts apart. */
  constructor(_options?: object, prefix = 'api') {
    this.prefix = prefix
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    let limiter = this.limiters.get(timeWindow)
    if (!limiter) {
      // `penalty` counts without refusing: the plugin compares the count with its own max.
      limiter = new RateLimiterCluster({
        keyPrefix: `${this.prefix}|${timeWindow}`,
        points: 1,
        duration: Math.ceil(timeWindow / 1000),
      })
      this.limiters.set(timeWindow, limiter)
    }
    limiter.penalty(key, 1).then(
      (res) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    )
  }

  child(routeOptions: object) {
    // The plugin passes its options merged with the route's, the route under `routeInfo`
    // (as its own Redis store reads it), though its types say the route itself.
    type Route = { method?: unknown; url?: unknown }
    const route = (routeOptions as { routeInfo?: Route }).routeInfo ?? (routeOptions as Route)
    return new ClusterRateLimitStore(undefined, `${this.prefix}|${String(route.method)}${String(route.url)}`)
  }
}
