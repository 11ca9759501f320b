import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import { publicOrigin } from './site-files'

/**
 * /robots.txt: the storefront is open to search engines; the back-office (/admin, /root), the
 * drivers' pages (/delivery) and the API are not. The `Sitemap:` line names /sitemap.xml at the
 * shop's public origin, and is left out when that origin is unknown (site-files.ts).
 * Served by the server rather than copied from the build, so that it exists whether or not the
 * client is built.
 */
export const robotsTxt = [
  'User-agent: *',
  'Allow: /',
  'Disallow: /admin',
  'Disallow: /root',
  'Disallow: /delivery',
  'Disallow: /_api',
  '',
].join('\n')

export function registerRobots(app: FastifyInstance, config: Config) {
  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    const origin = publicOrigin(config, req)
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(origin ? `${robotsTxt}Sitemap: ${origin}/sitemap.xml\n` : robotsTxt)
  })
}
