import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { constants as zlibConstants } from 'node:zlib'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import Fastify from 'fastify'
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod'
import { Redis } from 'ioredis'
import { endpoints } from './api'
import type { AppDeps } from './deps'
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/error-handler'
import { registerHealth } from './http/health'
import { registerOverloadGuard } from './http/overload-guard'
import { safeLogOptions } from './runtime/log-safety'
import { RequestLog } from './http/request-log'
import { requestLogger } from './http/request-logger'
import { registerEndpoints } from './http/kernel'
import { perIpLimits } from './http/rate-limits'
import { frontDoor, LocalLimitStore, sameStore } from './http/kept-first'
import { securityHeaders } from './http/security-headers'
import { projectRoot } from './paths'
import { writeFinished } from './db/shared-reads'
import { logOutput } from './runtime/log-output'
import { isFile, registerWeb } from './web'
import { registerPaymentNotifications } from './api/money/payments/notify'
import { registerPaymentReturns } from './web/payment-returns'

const root = projectRoot
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
  // Kept storefront answers are served before Fastify once it has answered their address (http/kept-first.ts).
  const door = frontDoor({ trustProxy: config.trustProxy as boolean | string })
  const app = Fastify({
    serverFactory: door.serverFactory,
    logger: {
      level: config.LOG_LEVEL,
      // Never a secret nor a value of a failed statement in a line (docs/security/run-time.md "Secrets in the logs").
      ...safeLogOptions,
      // Never pino's default destination: its exit-time flush can hang on a dead pipe (runtime/log-output.ts).
      stream: opts.logStream ?? logOutput(),
    },
    // One line per request, once answered, instead of Fastify's two (http/request-log.ts).
    logController: new RequestLog(),
    // A request's logger is made when it writes, not for every request (http/request-logger.ts).
    childLoggerFactory: requestLogger,
    // Fastify also takes a hop count, which its types leave out.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: false, ignoreDuplicateSlashes: false, maxParamLength: 200 },
    // Node's parser refusals and Fastify's own, before any route: French `{ error, code }` too.
    clientErrorHandler,
    frameworkErrors,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
  installErrorHandler(app)
  // Only JSON bodies: a cross-site form (urlencoded, multipart, text/plain) gets 415; the one
  // form route, "Ajouter" before the script, reads its own (web/cart-form.ts).
  app.removeContentTypeParser('text/plain')

  const security = await securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The shop's own images only (docs/decisions/0033): a product's photo is uploaded, never
        // fetched from another server by the visitor's browser; blob: for a chosen photo's
        // preview before it is sent.
        imgSrc: ["'self'", 'data:', 'blob:'],
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
  // calls (docs/rules/phones-offline.md#phone-first-load).
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
  // With them, the request id, set on the way in so that an answer written by hand (the live
  // stream) carries it as well; a file has none. One synchronous hook for every request: each
  // hook costs its share of a cached read's time (docs/decisions/0068).
  app.addHook('onRequest', (req, reply, done) => {
    if (isFile(req.url)) reply.headers(assetHeaders)
    else {
      reply.headers(req.url.startsWith('/_api/') ? apiHeaders : security)
      reply.header('x-request-id', req.id)
    }
    done()
  })
  // Brotli's default quality (11) costs tens of milliseconds per answer; 5 beats gzip on size at a
  // fraction of the time, and 4 by about a tenth for no more time (a 17 KB dashboard: 1,554 bytes
  // against 1,727, both in 0.2 ms; a 64 KB page of orders in 0.4 ms: decision 0058). Cached
  // storefront answers are compressed once, at 9.
  // Answers up to 64 KB (an admin page of orders is about 40 KB) are compressed in one call:
  // with two cores shared with PostgreSQL there is no idle core for the threadpool's stream to
  // use, and the stream's hops and chunked writes cost more than the compression (decision 0014).
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 65_536,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  })
  await app.register(cookie)
  // Sheds load (503) when the event loop stalls for seconds, measured from the moment the app is
  // ready. Off under test: a shared CI machine stalls for reasons of its own, and the suites
  // measure correctness, not capacity.
  const guard = config.NODE_ENV !== 'test' ? registerOverloadGuard(app) : undefined
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined
  app.addHook('onClose', async () => {
    redis?.disconnect()
  })
  const limits = perIpLimits(redis, opts.rateLimitStore)

  // Outside the API's scope and its limit: health has none, ready its own (a load balancer's
  // probes never reach it).
  await registerHealth(app, deps.database, { guard, limits, readyPerMinute: config.READY_RATE_PER_MINUTE })
  await app.register(swagger, {
    openapi: { info: { title: 'Étal API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  })

  // An open live stream would hold the server's close until the browser leaves: end them first.
  app.addHook('preClose', async () => {
    door.close()
    deps.orderLive.endAll()
  })

  await app.register(async (api) => {
    // Counted in this process (no Redis, no cluster): the front door counts in the same store.
    const apiCounts = 'redis' in limits || 'store' in limits ? undefined : new LocalLimitStore()
    const store = apiCounts ? { store: sameStore(apiCounts) } : {}
    await api.register(rateLimit, {
      ...limits,
      ...store,
      max: config.API_RATE_PER_MINUTE,
      timeWindow: '1 minute',
    })
    api.addHook('onRequest', (_req, reply, done) => {
      reply.header('cache-control', 'no-store')
      done()
    })
    // A write has finished (committed or failed) once its answer is on its way: coalesced reads
    // started before it are not shared with later callers (db/shared-reads.ts).
    api.addHook('onSend', (req, _reply, payload, done) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') writeFinished(deps.database.db)
      done(null, payload)
    })
    registerEndpoints(api, endpoints, deps)
    if (apiCounts)
      door.open({
        keptAt: (address) => deps.storefrontCache.keptAt(address),
        headers: apiHeaders,
        store: apiCounts,
        max: config.API_RATE_PER_MINUTE,
        timeWindowMs: 60_000,
        overloaded: () => guard?.overloaded() ?? false,
        log: app.log,
      })
    api.get('/_api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  })

  // docs/rules/money.md#payments: the providers' notifications, in their own formats, no session.
  await registerPaymentNotifications(app, deps, limits)
  deps.payments.log = app.log
  await registerPaymentReturns(app)
  // The in-repo fakes (never in production) deliver their notifications through this app.
  deps.payments.fake?.setDeliver((url, init) =>
    app.inject({
      method: init.method ?? 'POST',
      url: new URL(url).pathname,
      headers: init.headers,
      ...(init.method !== 'GET' && { payload: init.body }),
    }),
  )

  await registerWeb(app, deps, opts.clientDist ?? clientDist, limits)
  return app
}
