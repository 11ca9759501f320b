import type {
  errorResponseBuilderContext,
  FastifyRateLimitOptions,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'

/**
 * What every per-IP limit of @fastify/rate-limit shares (docs/security.md "Threats, defences,
 * tests"): where the counts live (Redis, a cluster's primary, or this process), the key (the
 * client's IP, from the socket unless TRUST_PROXY says otherwise) and the French 429. The API's
 * scope gives its own `max`; a route outside it names its own in `config.rateLimit`, counted
 * apart from every other route's.
 */
export function perIpLimits(
  redis: Redis | undefined,
  store: FastifyRateLimitStoreCtor | undefined,
): FastifyRateLimitOptions {
  return {
    ...(redis ? { redis, nameSpace: 'etal-rl-' } : store ? { store } : {}),
    keyGenerator: (req: FastifyRequest) => req.ip,
    // The counts are said on a refusal only (with its retry-after): the API's one client, the
    // shop's pages, never reads them, and on every answer they were 65 bytes a phone paid for
    // (decision 0058).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_req: FastifyRequest, ctx: errorResponseBuilderContext) => ({
      statusCode: 429,
      error: `Trop de requêtes. Réessayez dans ${Math.ceil(ctx.ttl / 1000)} secondes.`,
      code: 'TOO_MANY_REQUESTS',
    }),
  }
}

/** A route's own limit per client IP and minute, outside the API's (`config.rateLimit`). */
export const perMinute = (max: number) => ({ max, timeWindow: '1 minute' })
