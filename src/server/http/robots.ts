import type { FastifyInstance } from 'fastify'

/**
 * /robots.txt: the storefront is open to search engines; the back-office (/admin, /root), the
 * drivers' pages (/delivery) and the API are not. No `Sitemap:` line: the shop has no sitemap.
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

export function registerRobots(app: FastifyInstance) {
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt),
  )
}
