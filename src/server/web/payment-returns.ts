import type { FastifyInstance } from 'fastify'

/** The pages a provider sends the client back to (docs/rules/money.md#payments). */
export const PAYMENT_RETURN_PATHS = ['/order-confirmation/:orderId/paiement', '/paiement/merci'] as const

/**
 * CinetPay brings the client back with a form POST (`token`, `transaction_id`) to return_url,
 * which its documentation says must take GET and POST. The fields decide nothing (the page asks
 * the server, which asks the provider): the POST is answered 303 to the same address, read as a
 * GET. It changes nothing, so a cross-site POST here is harmless; the body is read as text of at
 * most 4 KB and dropped.
 */
export function registerPaymentReturns(app: FastifyInstance) {
  return app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_req, _body, done) =>
      done(null, null),
    )
    for (const path of PAYMENT_RETURN_PATHS)
      scope.post(path, { schema: { hide: true } }, async (req, reply) =>
        reply.header('cache-control', 'no-store').redirect(req.url, 303),
      )
  })
}
