import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { constants as zlibConstants } from 'node:zlib'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import Fastify, { type FastifyInstance } from 'fastify'
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod'
import { Redis } from 'ioredis'
import { endpoints } from './api'
import type { AppDeps } from './http/define-endpoint'
import { installErrorHandler } from './http/error-handler'
import { registerHealth } from './http/health'
import { registerOverloadGuard } from './http/overload-guard'
import { safeLogOptions } from './http/log-safety'
import { registerEndpoints } from './http/kernel'
import { securityHeaders } from './http/security-headers'
import { projectRoot } from './paths'
import { writeFinished } from './services/write-generation'
import { logOutput } from './runtime/log-output'
import { registerRobots } from './http/robots'
import { createFirstPages, isFirstPage, loadRenderEntry } from './http/first-pages'
import { registerSiteFiles } from './http/site-files'
import { createSpaPages, sendPage } from './http/spa-pages'
import { matchPage } from '@/shared/pages'
import { registerPhotoRoute } from './http/photo-route'

const root = projectRoot
/**
 * Hashed assets are cached for good; the service worker is asked for again at every visit (a new
 * version is taken at the next visit, docs/decisions/0021); the rest for an hour.
 */
const staticCacheControl = (path: string) =>
  path.includes('/assets/')
    ? 'public, max-age=31536000, immutable'
    : basename(path).replace(/\.(br|gz)$/, '') === 'sw.js'
      ? 'no-cache'
      : 'public, max-age=3600'
/**
 * A file that is never a page: a built, content-named file (/assets/…), a product photo
 * (/images/products/…, WebP only), the app's icons and favicon (the project's own images).
 */
const isFile = (url: string) =>
  url.startsWith('/assets/') ||
  url.startsWith('/images/products/') ||
  url.startsWith('/icons/') ||
  url === '/favicon.svg'
export const clientDist = resolve(root, 'dist/client')
const BODY_LIMIT = 100 * 1024

type AppOptions = {
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void }
  /** Where the per-IP API limits count when there is no Redis: this process (default), or a cluster's primary. */
  rateLimitStore?: FastifyRateLimitStoreCtor
  /** The built client's folder (tests serve one of their own); dist/client by default. */
  clientDist?: string
}

export async function createApp(deps: AppDeps, opts: AppOptions = {}) {
  const { config } = deps
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Never a secret nor a value of a failed statement in a line (docs/security.md "Secrets in the logs").
      ...safeLogOptions,
      // Never pino's default destination: its exit-time flush can hang on a dead pipe (runtime/log-output.ts).
      stream: opts.logStream ?? logOutput(),
    },
    // Fastify also takes a hop count, which its types leave out.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: false, ignoreDuplicateSlashes: false, maxParamLength: 200 },
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
  installErrorHandler(app)
  // Only JSON bodies: a cross-site form (urlencoded, multipart, text/plain) gets 415.
  app.removeContentTypeParser('text/plain')

  const security = await securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The service worker and the web app manifest (docs/decisions/0021).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: config.NODE_ENV === 'production' ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  })
  // A file (isFile) is a script, a style, a font or an image: of the security headers only those
  // that apply to such a file (the others are read on documents only), and no request id. On a
  // slow phone each answer's headers cost as much as a small chunk (docs/decisions/0028).
  const assetHeaders = {
    'x-content-type-options': security['x-content-type-options']!,
    'cross-origin-resource-policy': security['cross-origin-resource-policy']!,
  }
  // An API answer is JSON (or a CSV download), never a page: the headers OWASP's REST cheat sheet
  // lists for an API, and none of those that only a rendered document obeys (opener, agent
  // cluster, DNS prefetch, the old XSS filter…). A CSP that allows nothing still says "never
  // framed" to a browser that opens the URL. About 450 bytes less on each of a checkout's ten
  // calls (docs/rules.md#phone-first-load).
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'x-content-type-options': security['x-content-type-options']!,
    'x-frame-options': 'DENY',
    'referrer-policy': security['referrer-policy']!,
    'cross-origin-resource-policy': security['cross-origin-resource-policy']!,
    ...(security['strict-transport-security']
      ? { 'strict-transport-security': security['strict-transport-security'] }
      : {}),
  }
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isFile(req.url) ? assetHeaders : req.url.startsWith('/_api/') ? apiHeaders : security)
    done()
  })
  // Brotli's default quality (11) costs tens of milliseconds per answer; 4 still beats gzip on
  // size at a fraction of the time. Cached storefront answers are compressed once, at 9.
  // Answers up to 64 KB (an admin page of orders is about 40 KB) are compressed in one call:
  // with two cores shared with PostgreSQL there is no idle core for the threadpool's stream to
  // use, and the stream's hops and chunked writes cost more than the compression (decision 0014).
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 65_536,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  })
  await app.register(cookie)
  // Sheds load (503) when the event loop stalls for seconds. Off under test: a shared CI machine
  // stalls for reasons of its own, and the suites measure correctness, not capacity.
  if (config.NODE_ENV !== 'test') await registerOverloadGuard(app)
  app.addHook('onSend', async (req, reply) => {
    if (!isFile(req.url)) reply.header('x-request-id', req.id)
  })
  // Outside the API's scope: no per-IP limit on a load balancer's probes.
  registerHealth(app, deps.database)
  await app.register(swagger, {
    openapi: { info: { title: 'Étal API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  })

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined
  app.addHook('onClose', async () => {
    redis?.disconnect()
  })

  await app.register(async (api) => {
    await api.register(rateLimit, {
      max: config.API_RATE_PER_MINUTE,
      timeWindow: '1 minute',
      ...(redis
        ? { redis, nameSpace: 'etal-rl-' }
        : opts.rateLimitStore
          ? { store: opts.rateLimitStore }
          : {}),
      keyGenerator: (req) => req.ip,
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        error: `Trop de requêtes. Réessayez dans ${Math.ceil(ctx.ttl / 1000)} secondes.`,
        code: 'TOO_MANY_REQUESTS',
      }),
    })
    api.addHook('onRequest', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })
    // A write has finished (committed or failed) once its answer is on its way: coalesced reads
    // started before it are not shared with later callers (services/write-generation.ts).
    api.addHook('onSend', async (req) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') writeFinished(deps.database.db)
    })
    registerEndpoints(api, endpoints, deps)
    api.get('/_api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  })

  registerPhotoRoute(app, deps.photos)
  await registerSpa(app, deps, opts.clientDist ?? clientDist)
  return app
}

/**
 * Serves the built client: hashed assets cached for good, the service worker revalidated at every
 * visit, /robots.txt, the sitemap and the manifest, and for every other GET the SPA's page: 200
 * for a path of one of its pages, 404 for any other (src/shared/pages.ts).
 */
async function registerSpa(app: FastifyInstance, deps: AppDeps, dist: string) {
  registerRobots(app, deps.config)
  registerSiteFiles(app, deps.config)
  const indexPath = resolve(dist, 'index.html')
  const hasClient = existsSync(indexPath)
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      // Our own Cache-Control below; the plugin's default (max-age=0) would override it.
      cacheControl: false,
      // The ETag alone revalidates /sw.js and the site's files; the hashed ones never are.
      lastModified: false,
      // The build's Brotli copies (scripts/precompress.mjs), when the browser accepts br.
      preCompressed: true,
      wildcard: false,
      setHeaders(res, path) {
        res.setHeader('cache-control', staticCacheControl(path))
      },
    })
  }
  const production = deps.config.NODE_ENV === 'production'
  // Without a build, outside production: the source page, so that / and /products are still
  // rendered with their products (the API tests read them).
  const sourceIndex = resolve(root, 'src/client/index.html')
  const indexHtml = hasClient
    ? readFileSync(indexPath, 'utf8')
    : !production && existsSync(sourceIndex)
      ? readFileSync(sourceIndex, 'utf8')
      : '<!doctype html><title>Étal</title><p>Client non construit : lancez npm run build.</p>'
  const { pageFor, frame } = createSpaPages(dist, indexHtml)
  // / and /products with the caller's catalogue in the HTML (docs/decisions/0020).
  const entry = await loadRenderEntry(root, production)
  const firstPage = entry && createFirstPages(deps, entry, frame)
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/_api')) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send({ error: 'Ressource introuvable.', code: 'NOT_FOUND' })
    }
    // A file that is not there (an old build's chunk, a mistyped icon) is no page: the app's 404
    // page would be a document sent with a file's headers, without its CSP.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isFile(req.url)) {
      return reply.status(404).send({ error: 'Ressource introuvable.', code: 'NOT_FOUND' })
    }
    const path = matchPage(req.url)
    if (firstPage && isFirstPage(path)) {
      try {
        return sendPage(req, reply, await firstPage(req, reply, path))
      } catch (err) {
        // The database is unreachable, say: the page without its products, as before.
        req.log.error({ err }, 'first page not rendered; serving its shell')
      }
    }
    return sendPage(req, reply, pageFor(req.url))
  })
}
