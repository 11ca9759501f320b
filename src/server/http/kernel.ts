import type { FastifyInstance } from 'fastify'
import { answerText } from './answer-text'
import { SENT, type AppDeps, type Endpoint } from './define-endpoint'
import { changesStorefront } from '../services/storefront-cache'
import { currentUser } from './auth-context'
import { forbidden, unauthorized } from './errors'

/** Registers every endpoint of the list: input validation, role check, serialization. */
export function registerEndpoints(app: FastifyInstance, endpoints: readonly Endpoint[], deps: AppDeps) {
  const { db } = deps.database
  for (const ep of endpoints) {
    const limit = ep.rateLimit?.(deps.config)
    app.route({
      method: ep.method,
      url: ep.path,
      schema: {
        ...(ep.method === 'GET' ? { querystring: ep.input } : { body: ep.input }),
        ...(ep.summary ? { summary: ep.summary } : {}),
        tags: [ep.path.split('/')[2] ?? 'api'],
      },
      config: limit ? { rateLimit: limit } : {},
      async handler(req, reply) {
        let user = null
        if (ep.roles !== 'public') {
          user = await currentUser(req, reply, db, deps.config)
          if (!user) throw unauthorized()
          if (!ep.roles.includes(user.role)) throw forbidden()
        } else if (ep.loadUser) {
          user = await currentUser(req, reply, db, deps.config)
        }
        const input = ep.method === 'GET' ? req.query : req.body
        let result: object
        try {
          result = await ep.handler({ input, user: user as never, db, deps, req, reply })
        } finally {
          // A write to products, categories or countries drops the storefront's cached answers,
          // here and on the other instances, failed or not (it may have committed before failing).
          if (changesStorefront(ep.method, ep.path)) await deps.storefrontCache.afterWrite()
        }
        if (result === SENT) return reply
        if (ep.format === 'json') return reply.type('application/json; charset=utf-8').send(result)
        return reply.type('application/json; charset=utf-8').send(answerText(result))
      },
    })
  }
}
