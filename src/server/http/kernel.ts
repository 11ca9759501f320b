import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { answerText } from './answer-text'
import type { AppDeps } from '../deps'
import { SENT, type Endpoint } from './define-endpoint'
import { currentUser } from './auth-context'
import { forbidden, HttpError, unauthorized } from './errors'
import { z } from '@/shared/schemas/zod'
import { isCachedAnswer, sendCached } from './prepared-answer'

const isJson = (type: string | undefined) => !!type && /^application\/json(\s*;|$)/i.test(type)
const isBytes = (type: string | undefined) => !!type && /^application\/octet-stream(\s*;|$)/i.test(type)
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024))

/**
 * Registers every endpoint of the list: role check, input validation, serialization.
 *
 * The caller is checked first, in the request's first hook (docs/security/run-time.md "Authentication
 * before validation"): without the session a staff endpoint needs, the answer is 401 and with
 * the wrong role 403, before the body is parsed or the input's schema is looked at, so a stranger
 * learns nothing of the schema. Then a POST must carry JSON (415): a cross-site form cannot.
 */
export function registerEndpoints(app: FastifyInstance, endpoints: readonly Endpoint[], deps: AppDeps) {
  const { db } = deps.database
  // Answers are held to their call's schema outside production: a handler that drifts from the
  // contract fails every test that reaches it (in production the compiler's check stands alone).
  const checkAnswers = deps.config.NODE_ENV !== 'production'
  // An upload's body: its bytes as they came, up to its own limit (checked in onRequest below).
  if (endpoints.some((ep) => ep.upload))
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    )
  /** The route's first hook: the caller's role (401, 403), then the body's type (415, 413). */
  function checkCaller(ep: Endpoint) {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      if (ep.roles !== 'public') {
        const user = await currentUser(req, reply, db, deps.config)
        if (!user) throw unauthorized()
        if (!ep.roles.includes(user.role)) throw forbidden()
      }
      if (ep.upload) {
        // A file, never a form: a cross-site form cannot send this type without the browser
        // asking first (CORS), as with JSON.
        if (!isBytes(req.headers['content-type']))
          throw new HttpError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'Type de contenu non pris en charge : envoyez le fichier (application/octet-stream).',
          )
        if (Number(req.headers['content-length']) > ep.upload.maxBytes)
          throw new HttpError(
            413,
            'PAYLOAD_TOO_LARGE',
            `Le fichier est trop lourd : ${megabytes(ep.upload.maxBytes)} Mo au plus.`,
          )
      } else if (ep.method === 'POST' && !isJson(req.headers['content-type'])) {
        throw new HttpError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Type de contenu non pris en charge : envoyez du JSON.',
        )
      }
    }
  }

  for (const ep of endpoints) {
    const limit = ep.rateLimit?.(deps.config)
    // The same answer for every caller of the same address: a kept one is served at this address
    // by the server's front door from then on (http/kept-first.ts).
    const sameForAll = ep.method === 'GET' && ep.roles === 'public' && !ep.loadUser
    app.route({
      method: ep.method,
      url: ep.path,
      schema: {
        ...(ep.method === 'GET' || ep.upload ? { querystring: ep.input } : { body: ep.input }),
        // For the OpenAPI document: a superjson answer is `{ json, meta? }` (dates as strings in
        // `json`, named in `meta`); auth calls answer the schema as plain JSON.
        response: {
          '2xx':
            ep.format === 'json' ? ep.output : z.object({ json: ep.output, meta: z.unknown().optional() }),
        },
        ...(ep.summary ? { summary: ep.summary } : {}),
        tags: [ep.path.split('/')[2] ?? 'api'],
      },
      config: limit ? { rateLimit: limit } : {},
      ...(ep.upload ? { bodyLimit: ep.upload.maxBytes } : {}),
      // The answer is written by the handler's format below; its schema above is for the document.
      serializerCompiler: () => (data) => JSON.stringify(data),
      // A GET has no body to inflate: no request decompression hook (@fastify/compress's preParsing).
      ...(ep.method === 'GET' ? { decompress: false as const } : {}),
      // Only where there is something to check: a public GET's hooks are the app's alone.
      ...(ep.roles !== 'public' || ep.upload || ep.method === 'POST' ? { onRequest: checkCaller(ep) } : {}),
      async handler(req, reply) {
        // Looked up once per request: the onRequest hook's answer, or a visitor's on a public call.
        const user =
          ep.roles !== 'public' || ep.loadUser ? await currentUser(req, reply, db, deps.config) : null
        const input = ep.method === 'GET' || ep.upload ? req.query : req.body
        const bytes = ep.upload ? (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)) : undefined
        let result: unknown
        try {
          result = await ep.handler({
            input,
            bytes: bytes as never,
            user: user as never,
            db,
            deps,
            req,
            reply,
          })
        } finally {
          // A write to products, categories or places drops the storefront's cached answers,
          // here and on the other instances, failed or not (it may have committed before failing).
          if (ep.writesStorefront) await deps.storefrontCache.afterWrite()
        }
        if (result === SENT) return reply
        // An answer serialized once for several requests (kept or shared): held to the contract
        // as any other, then sent as it is, compressed once per encoding.
        const prepared = isCachedAnswer(result) ? result : undefined
        if (checkAnswers) {
          const checked = ep.output.safeParse(prepared ? prepared.value : result)
          if (!checked.success)
            throw new Error(`${ep.method} ${ep.path} answered outside its contract: ${checked.error.message}`)
        }
        if (prepared) {
          // Kept (the storefront's): the next request at this address is served at the front door.
          if (sameForAll) deps.storefrontCache.remember(req.url, prepared)
          await sendCached(req, reply, prepared)
          return reply
        }
        if (ep.format === 'json') return reply.type('application/json; charset=utf-8').send(result)
        return reply.type('application/json; charset=utf-8').send(answerText(result))
      },
    })
  }
}
