import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { FastifyInstance, FastifyReply } from 'fastify'

/** Past this mean event-loop delay over a second, requests are shed (503). */
const MAX_EVENT_LOOP_DELAY_MS = 2000
/** How often the delay is read (and the histogram started again). */
const SAMPLE_MS = 1000
/** The histogram's timer: each of its ticks records how late it ran. */
const RESOLUTION_MS = 10
/** What a shed request is told: try again in this many seconds. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 10
/** The answer of a shed request (and of /_api/ready meanwhile). */
export const OVERLOADED = {
  error: 'Le service est momentanément surchargé. Veuillez réessayer dans un instant.',
  code: 'SERVICE_UNAVAILABLE',
} as const

/**
 * A request refused because this process holds all it may of something that lasts (the live
 * streams, docs/rules/orders.md#live): the overload's 503, its French message and Retry-After.
 */
export function overloadedError(reply: FastifyReply) {
  reply.header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS))
  return Object.assign(new Error('overloaded'), { statusCode: 503 })
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A load balancer's probe (/_api/health, /_api/ready): never shed, it says what it says. */
    probe?: boolean
  }
}

export type OverloadGuard = {
  /** Whether a request arriving now would be shed. */
  overloaded(): boolean
}

/**
 * Sheds load (503) when the event loop stalls for seconds (docs/security/run-time.md "The overload guard
 * and argon2", decision 0017).
 *
 * The loop's delay is measured from the moment the app is ready (`onReady`, which `listen` runs
 * just before it opens the port), never before: building the app (compiling the routes, loading
 * the page renderer) holds the loop by design, and `@fastify/under-pressure`, which this replaces,
 * measured from its registration: that start-up work was read as an overload and, for about a
 * second after the server said it was ready, every request but the probes answered 503 (docs/security/outside-attack.md
 * 27, item 5). Every second the mean delay the histogram recorded is read and the histogram
 * started again; a second in which it recorded nothing (its timer could not run: the loop busy
 * in long stretches, as with PGlite's statements under a crowd) is not measured and serves.
 * Only a measured delay above the threshold sheds.
 */
export function registerOverloadGuard(app: FastifyInstance): OverloadGuard {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
  let delayMs = 0
  let timer: NodeJS.Timeout | undefined
  const sample = () => {
    delayMs = histogram.count > 0 ? Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS) : 0
    histogram.reset()
    timer?.refresh()
  }
  app.addHook('onReady', async () => {
    histogram.reset()
    histogram.enable()
    timer = setTimeout(sample, SAMPLE_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearTimeout(timer)
    histogram.disable()
  })
  const overloaded = () => delayMs > MAX_EVENT_LOOP_DELAY_MS
  app.addHook('onRequest', (req, reply, done) => {
    if (!overloaded() || req.routeOptions.config.probe) return done()
    // The error handler answers 503 with the French message (http/error-handler.ts).
    done(overloadedError(reply))
  })
  return { overloaded }
}
