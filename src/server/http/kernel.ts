import type { FastifyInstance } from 'fastify'
import { answerText } from './answer-text'
import { SENT, type AppDeps, type Endpoint } from './define-endpoint'
import { currentUser } from './auth-context'
import { forbidden, HttpError, unauthorized } from './errors'
import { z } from '@/shared/schemas/zod'

const isJson = (type: string | undefined) => !!type && /^application\/json(\s*;|$)/i.test(type)

/**
 * Registers every endpoint of the list: role check, input validation, serialization.
 *
 * The caller is checked first, in the request's first hook (docs/security.md "Authentication
 * before validation"): without the session a staff endpoint needs, the answer is 401 and with
 * the wrong role 403, before the body is parsed or the input's schema is looked at, so a stranger
 * learns nothing of the schema. Then a POST must carry JSON (415): a cross-site form cannot.
 */
export function registerEndpoints(app: FastifyInstance, endpoints: readonly Endpoint[], deps: AppDeps) {
  const { db } = deps.database
  // Answers are held to their call's schema outside production: a handler that drifts from the
  // contract fails every test that reaches it (in production the compiler's check stands alone).
  const checkAnswers = deps.config.NODE_ENV !== 'production'
  for (const ep of endpoints) {
    const limit = ep.rateLimit?.(deps.config)
    app.route({
      method: ep.method,
      url: ep.path,
      schema: {
        ...(ep.method === 'GET' ? { querystring: ep.input } : { body: ep.input }),
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
      // The answer is written by the handler's format below; its schema above is for the document.
      serializerCompiler: () => (data) => JSON.stringify(data),
      async onRequest(req, reply) {
        if (ep.roles !== 'public') {
          const user = await currentUser(req, reply, db, deps.config)
          if (!user) throw unauthorized()
          if (!ep.roles.includes(user.role)) throw forbidden()
        }
        if (ep.method === 'POST' && !isJson(req.headers['content-type'])) {
          throw new HttpError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'Type de contenu non pris en charge : envoyez du JSON.',
          )
        }
      },
      async handler(req, reply) {
        // Looked up once per request: the onRequest hook's answer, or a visitor's on a public call.
        const user =
          ep.roles !== 'public' || ep.loadUser ? await currentUser(req, reply, db, deps.config) : null
        const input = ep.method === 'GET' ? req.query : req.body
        let result: unknown
        try {
          result = await ep.handler({ input, user: user as never, db, deps, req, reply })
        } finally {
          // A write to products, categories or places drops the storefront's cached answers,
          // here and on the other instances, failed or not (it may have committed before failing).
          if (ep.writesStorefront) await deps.storefrontCache.afterWrite()
        }
        if (result === SENT) return reply
        if (checkAnswers) {
          const checked = ep.output.safeParse(result)
          if (!checked.success)
            throw new Error(`${ep.method} ${ep.path} answered outside its contract: ${checked.error.message}`)
        }
        if (ep.format === 'json') return reply.type('application/json; charset=utf-8').send(result)
        return reply.type('application/json; charset=utf-8').send(answerText(result))
      },
    })
  }
}
