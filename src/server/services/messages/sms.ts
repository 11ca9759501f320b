/**
 * SMS, the outbox's second channel (docs/rules/orders.md#messages, decision 0048): a thin client of
 * Infobip's SMS API (`POST {base}/sms/3/messages`, `Authorization: App <key>`), the provider the
 * decision chose for the shop's five countries, and the GSM-7 rules that keep a text to one
 * 160-character segment. tests/api and `npm run sms:fake` speak the same protocol with the fake
 * of dev/fakes/sms.ts.
 */

/** One SMS as the outbox hands it to the provider. */
export type OutgoingSms = { to: string; text: string; reference: string }
export type SmsSender = { send(sms: OutgoingSms): Promise<void> }

/** A refusal from the provider; `permanent` when trying again changes nothing (bad number, bad key). */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message)
  }
}

/** Infobip's answer to a send (its documented fields only). */
type InfobipAnswer = {
  bulkId?: string
  messages?: {
    messageId?: string
    destination?: string
    status?: { groupName?: string; name?: string; description?: string }
  }[]
  requestError?: { serviceException?: { messageId?: string; text?: string } }
}

/**
 * The Infobip client: `baseUrl` is the account's own API address (https://xxxxx.api.infobip.com),
 * `from` the sender name registered for the countries (an alphanumeric sender of up to 11
 * characters). A network fault or a 5xx/429 is retried by the outbox; a 4xx or a message the
 * provider rejects is not.
 */
export function infobipSender(opts: {
  baseUrl: string
  apiKey: string
  from: string
  timeoutMs?: number
}): SmsSender {
  const url = `${opts.baseUrl.replace(/\/$/, '')}/sms/3/messages`
  return {
    async send(sms) {
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            Authorization: `App ${opts.apiKey}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify({
            messages: [
              {
                sender: opts.from,
                destinations: [{ to: sms.to.replace(/\D/g, ''), messageId: sms.reference }],
                content: { text: sms.text },
              },
            ],
          }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
        })
      } catch (err) {
        throw new SmsError(`Fournisseur SMS injoignable : ${(err as Error).message}`.slice(0, 300), false)
      }
      const answer = (await res.json().catch(() => ({}))) as InfobipAnswer
      if (!res.ok) {
        const why = answer.requestError?.serviceException?.text ?? res.statusText
        throw new SmsError(
          `Refusé par le fournisseur SMS (${res.status}) : ${why}`.slice(0, 300),
          res.status < 500 && res.status !== 429,
        )
      }
      const status = answer.messages?.[0]?.status
      if (!status || status.groupName === 'REJECTED' || status.groupName === 'UNDELIVERABLE') {
        throw new SmsError(
          `Refusé par le fournisseur SMS : ${status?.name ?? 'réponse sans statut'} ${status?.description ?? ''}`.trim(),
          true,
        )
      }
    },
  }
}

/** The GSM 03.38 basic set and its extension (the extension's characters count twice). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
const GSM7_EXTENDED = '^{}\\[~]|€'

/** Letters French writes that GSM-7 lacks, by their nearest GSM-7 spelling. */
const NEAREST: Record<string, string> = {
  â: 'a',
  ê: 'e',
  ë: 'e',
  î: 'i',
  ï: 'i',
  ô: 'o',
  û: 'u',
  ç: 'c',
  œ: 'oe',
  À: 'A',
  Â: 'A',
  È: 'E',
  Ê: 'E',
  Ë: 'E',
  Î: 'I',
  Ô: 'O',
  Û: 'U',
  Œ: 'OE',
  '’': "'",
  '‘': "'",
  '“': '"',
  '”': '"',
  '«': '"',
  '»': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
}

/** The text in GSM-7 letters: what French needs beyond them replaced, anything else dropped. */
export function toGsm7(text: string): string {
  let out = ''
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch) || GSM7_EXTENDED.includes(ch)) out += ch
    else if (NEAREST[ch] !== undefined) out += NEAREST[ch]
    else {
      const bare = ch.normalize('NFD').replace(/\p{M}/gu, '')
      out += [...bare].every((c) => GSM7_BASIC.includes(c)) ? bare : '?'
    }
  }
  return out
}

/** Its length in GSM-7 septets (an extension character takes two); null if it is not GSM-7. */
export function gsm7Length(text: string): number | null {
  let n = 0
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch)) n += 1
    else if (GSM7_EXTENDED.includes(ch)) n += 2
    else return null
  }
  return n
}

/** One segment holds 160 septets. */
export const SMS_SEGMENT = 160
