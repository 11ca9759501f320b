import rateLimit, { type FastifyRateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { PaymentProvider } from '@/shared/domain/payments'
import type { AppDeps } from '@/server/deps'
import { perMinute } from '@/server/http/rate-limits'
import { confirmAttempt, keepNotification } from '@/server/services/money/payments'
import { header } from '@/server/services/money/payments/providers/types'

/**
 * The providers' notifications (docs/rules/money.md#payments, docs/security/payments.md "Payments"), outside
 * the kernel: each provider's own format (CinetPay posts a form and pings with a GET, Wave
 * posts JSON), no session, the raw body kept as it arrived for the signature. A bad signature
 * or body is 401/400 and changes nothing; a good one for an event the shop does not use is 200
 * and changes nothing either; a good one about an attempt prompts the provider's status query (the
 * notification's content decides nothing) and is answered within a second, the query going
 * on after the answer if it takes longer (the reconciliation worker would find it anyway).
 */
const ANSWER_WITHIN_MS = 800
const BODY_LIMIT = 16 * 1024

export function registerPaymentNotifications(
  app: FastifyInstance,
  deps: AppDeps,
  limits: FastifyRateLimitOptions,
) {
  const { payments } = deps
  // Per client IP and minute, each route apart (docs/security/payments.md "Payments"): far above what a
  // provider sends a shop, a bound on what a replayed or forged notification can cost.
  const limited = { config: { rateLimit: perMinute(deps.config.PAYMENT_NOTIFY_PER_MINUTE) } }
  return app.register(async (scope) => {
    await scope.register(rateLimit, { ...limits, global: false })
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
      // Kept as received before anything else (a dispute reads it); the database down: 503, the
      // provider sends it again.
      const { replay } = await keepNotification(deps.database.db, {
        provider,
        countryCode: raw.countryCode ?? null,
        reference,
        rawBody: raw.rawBody,
        signature:
          (provider === 'wave' ? header(raw.headers, 'wave-signature') : header(raw.headers, 'x-token')) ??
          null,
      })
      if (replay) {
        log.info({ provider }, 'payment notification: the same body again, no new question')
        return reply.status(200).type('application/json; charset=utf-8').send({ received: true })
      }
      if (reference === null) {
        // Genuine, but of an event the shop does not use (a test event, another product's
        // payment): a 2xx, or the provider would send it again and again.
        log.info({ provider }, 'payment notification ignored: an event the shop does not use')
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
    scope.get('/_api/payments/notify/cinetpay', { schema: { hide: true }, ...limited }, async (_req, reply) =>
      reply.status(200).type('application/json; charset=utf-8').send({ ok: true }),
    )
    scope.post('/_api/payments/notify/cinetpay', { schema: { hide: true }, ...limited }, (req, reply) =>
      notified('cinetpay', { rawBody: req.body, headers: req.headers }, reply, req.log),
    )
    scope.post<{ Params: { country: string } }>(
      '/_api/payments/notify/wave/:country',
      { schema: { hide: true }, ...limited },
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
