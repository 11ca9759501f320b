import { z } from 'zod'
import { verifyCinetpayToken } from '../signatures'
import {
  callJson,
  header,
  ProviderKeyRefused,
  ProviderUnavailable,
  type AttemptRef,
  type CreateInput,
  type PaymentProviderClient,
  type ProviderStatus,
  type RawNotification,
} from './types'

// CinetPay's hosted checkout (docs/decisions/0042): POST /v2/payment, POST /v2/payment/check,
// form notifications signed by x-token. No refund API.

const createAnswer = z.object({
  code: z.string(),
  message: z.string().optional(),
  data: z.object({ payment_token: z.string().min(1), payment_url: z.url() }).optional(),
})

const checkAnswer = z.object({
  code: z.string(),
  message: z.string().optional(),
  data: z
    .object({
      amount: z.union([z.string(), z.number()]).optional(),
      currency: z.string().optional(),
      status: z.string(),
    })
    .optional(),
})

/** CinetPay's words for an attempt the client has yet to answer. */
const WAITING = new Set([
  'WAITING_FOR_CUSTOMER',
  'WAITING_CUSTOMER_TO_VALIDATE',
  'WAITING_CUSTOMER_PAYMENT',
  'PENDING',
])
/** Codes of /check that only mean "nothing paid yet" (transaction just created). */
const NOT_YET_CODES = new Set(['662', '623', '627', '608'])

/** CinetPay's codes for a wrong apikey (609 AUTH_NOT_FOUND) or site_id (613 ERROR_SITE_ID_NOTVALID). */
const KEY_REFUSED_CODES = new Set(['609', '613'])

/**
 * A whole number of francs: "12100", "12100.0" and "12100.00" are 12100 (a provider may write
 * the decimals); "12100.50", signs, empty → null.
 */
export const integerAmount = (v: string | number | undefined) => {
  const m = /^(\d{1,12})(?:\.0+)?$/.exec(String(v ?? '').trim())
  return m ? Number(m[1]) : null
}

export function cinetpayClient(opts: {
  apiUrl: string
  apiKey: string
  siteId: string
  secretKey: string
}): PaymentProviderClient {
  const base = opts.apiUrl.replace(/\/$/, '')
  return {
    name: 'cinetpay',
    async create(input: CreateInput) {
      const { status, json } = await callJson('cinetpay', `${base}/v2/payment`, {
        method: 'POST',
        body: {
          apikey: opts.apiKey,
          site_id: opts.siteId,
          transaction_id: input.reference,
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          notify_url: input.notifyUrl,
          return_url: input.returnUrl,
          channels: 'MOBILE_MONEY',
          lang: 'fr',
          metadata: input.reference,
        },
      })
      const parsed = createAnswer.safeParse(json)
      if (parsed.success && KEY_REFUSED_CODES.has(parsed.data.code))
        throw new ProviderKeyRefused('cinetpay', null, `code ${parsed.data.code}`)
      if (!parsed.success || parsed.data.code !== '201' || !parsed.data.data)
        throw new ProviderUnavailable(
          'cinetpay',
          `payment refused (HTTP ${status}, code ${parsed.data?.code ?? '?'})`,
        )
      return {
        providerRef: parsed.data.data.payment_token,
        checkoutUrl: parsed.data.data.payment_url,
        expiresAt: null,
      }
    },
    async status(attempt: AttemptRef): Promise<ProviderStatus> {
      const { json } = await callJson('cinetpay', `${base}/v2/payment/check`, {
        method: 'POST',
        body: { apikey: opts.apiKey, site_id: opts.siteId, transaction_id: attempt.reference },
      })
      const parsed = checkAnswer.safeParse(json)
      if (!parsed.success) throw new ProviderUnavailable('cinetpay', 'check answer not understood')
      const { code, data } = parsed.data
      if (KEY_REFUSED_CODES.has(code)) throw new ProviderKeyRefused('cinetpay', null, `code ${code}`)
      const raw = data?.status ?? parsed.data.message ?? code
      const amount = integerAmount(data?.amount)
      const currency = data?.currency ?? null
      if (code === '00' && data?.status === 'ACCEPTED') return { state: 'paid', amount, currency, raw }
      if (data && WAITING.has(data.status)) return { state: 'pending', amount, currency, raw }
      if (!data && NOT_YET_CODES.has(code)) return { state: 'pending', amount, currency, raw }
      if (
        data?.status === 'REFUSED' ||
        data?.status === 'CANCELED' ||
        data?.status === 'CANCELLED' ||
        code === '600'
      )
        return { state: 'failed', amount, currency, raw }
      return { state: 'pending', amount, currency, raw }
    },
    verify(n: RawNotification) {
      // A form: the raw body is what CinetPay signed (its fields, concatenated).
      const form = Object.fromEntries(new URLSearchParams(n.rawBody))
      if (!verifyCinetpayToken(form, header(n.headers, 'x-token'), opts.secretKey)) return null
      // Signed with our secret key: another site's or no transaction is ignored, not refused.
      const reference = form.cpm_site_id === opts.siteId ? form.cpm_trans_id : undefined
      return { reference: reference || null }
    },
  }
}
