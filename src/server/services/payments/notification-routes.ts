import type { FastifyInstance, FastifyReply } from 'fastify'
import type { PaymentProvider } from '@/shared/domain/payments'
import type { AppDeps } from '@/server/deps'
import { confirmAttempt } from './service'

/**
 * The providers' notifications (docs/rules/money.md#payments, docs/security.md "Payments"), outside
 * the kernel: each provider's own format (CinetPay posts a form and pings with a GET, Wave
 * posts JSON), no session, the raw body kept as it arrived for the signature. A bad signature
 * or body is 401/400 and changes nothing; a good one naming no payment (Wave's "Send test event")
 * is 200 and changes nothing; a good one naming a payment prompts the provider's status query (the
 * notification's content decides nothing) and is answered within a second, the query going
 * on after the answer if it takes longer (the reconciliation worker would find it anyway).
 */
const ANSWER_WITHIN_MS = 800
const BODY_LIMIT = 16 * 1024

export function registerPaymentNotifications(app: FastifyInstance, deps: AppDeps) {
  const { payments } = deps
  return app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'application/json'],
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_req, body, done) => done(null, body),
    )
    // Anything else: kept as text too, refused by the signature's check below.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    )

    const refuse = (reply: FastifyReply, status: 400 | 401 | 404, error: string, code: string) =>
      reply.status(status).type('application/json; charset=utf-8').send({ error, code })

    async function notified(
      provider: PaymentProvider,
      raw: { rawBody: unknown; headers: Record<string, string | string[] | undefined>; countryCode?: string },
      reply: FastifyReply,
      log: FastifyInstance['log'],
    ) {
      const client = payments.providers[provider]
      if (!client) return refuse(reply, 404, 'Prestataire de paiement non configuré.', 'NOT_FOUND')
      if (typeof raw.rawBody !== 'string' || raw.rawBody.length === 0)
        return refuse(reply, 400, 'Notification vide.', 'BAD_REQUEST')
      const verified = client.verify({
        rawBody: raw.rawBody,
        headers: raw.headers,
        countryCode: raw.countryCode,
      })
      if (!verified) {
        log.warn({ provider }, 'payment notification refused: bad signature')
        return refuse(reply, 401, 'Signature invalide.', 'INVALID_SIGNATURE')
      }
      const { reference } = verified
      if (!reference) {
        log.info({ provider }, 'payment notification: signed, about no payment (a test event)')
        return reply.status(200).type('application/json; charset=utf-8').send({ received: true })
      }
      const work = payments.track(
        confirmAttempt(deps.database.db, payments, provider, reference, 'notification').catch(
          (err: unknown) => {
            // The provider's status query failed (down, slow): the worker asks again later.
            log.warn({ err, provider }, 'payment notification: status query failed')
          },
        ),
      )
      let timer: NodeJS.Timeout | undefined
      await Promise.race([work, new Promise((r) => (timer = setTimeout(r, ANSWER_WITHIN_MS)))])
      clearTimeout(timer)
      return reply.status(200).type('application/json; charset=utf-8').send({ received: true })
    }

    // CinetPay pings its notify_url with a GET to see it is up.
    scope.get('/_api/payments/notify/cinetpay', { schema: { hide: true } }, async (_req, reply) =>
      reply.status(200).type('application/json; charset=utf-8').send({ ok: true }),
    )
    scope.post('/_api/payments/notify/cinetpay', { schema: { hide: true } }, (req, reply) =>
      notified('cinetpay', { rawBody: req.body, headers: req.headers }, reply, req.log),
    )
    scope.post<{ Params: { country: string } }>(
      '/_api/payments/notify/wave/:country',
      { schema: { hide: true } },
      (req, reply) =>
        notified(
          'wave',
          { rawBody: req.body, headers: req.headers, countryCode: req.params.country.toUpperCase() },
          reply,
          req.log,
        ),
    )
  })
}
