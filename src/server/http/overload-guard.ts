import underPressure from '@fastify/under-pressure'
import type { FastifyInstance } from 'fastify'

/** Past this mean event-loop delay over a second, requests are shed (503). */
const MAX_EVENT_LOOP_DELAY_MS = 2000

/**
 * Sheds load (503) when the event loop stalls for seconds (docs/security.md "The overload guard and argon2").
 *
 * under-pressure samples `monitorEventLoopDelay` every second and resets it; a histogram that
 * recorded nothing in that second (its timer fired at most once: the loop was busy in long
 * stretches, as with PGlite's queries on the main thread under a crowd, or argon2 taking the
 * CPU from it) has a mean of NaN, which the plugin turns into Infinity: every request of the
 * next second answered 503 although no measured delay came near the threshold. Here only a
 * measured delay above it sheds; an unmeasured second does not.
 */
export async function registerOverloadGuard(app: FastifyInstance) {
  await app.register(underPressure, {
    maxEventLoopDelay: MAX_EVENT_LOOP_DELAY_MS,
    exposeStatusRoute: false,
    pressureHandler(_req, reply, type, value) {
      if (!sheds(type, value)) return // not measured: serve
      // The error handler answers 503 with the French message (http/error-handler.ts).
      reply.header('retry-after', '10')
      return Promise.reject(Object.assign(new Error('overloaded'), { statusCode: 503 }))
    },
  })
}

/** Whether the guard sheds for this reading of under-pressure: a measured delay only. */
export const sheds = (type: string, value: number | undefined) =>
  !(type === 'eventLoopDelay' && (value === undefined || !Number.isFinite(value)))
