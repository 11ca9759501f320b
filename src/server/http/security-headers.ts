import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify from 'fastify'

const notSecurity = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive'])

/**
 * The headers @fastify/helmet sets with these options, computed once at start-up. The plugin
 * rebuilds helmet's middleware, CSP parsing included, at every request: about a tenth of the
 * CPU of a cached storefront read. The headers never vary by request, so they are sent as is.
 */
export async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify()
  await probe.register(helmet, options)
  probe.get('/', async () => 'ok')
  const res = await probe.inject({ method: 'GET', url: '/' })
  await probe.close()
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(res.headers)) {
    if (!notSecurity.has(name) && typeof value === 'string') headers[name] = value
  }
  return headers
}
