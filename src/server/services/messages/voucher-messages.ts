import type { MessageChannel } from '@/shared/domain/messages'
import { showVoucherCode } from '@/shared/domain/vouchers'
import { formatMoney } from '@/shared/format'
import { firstName } from './render'
import { toGsm7 } from './sms'

/**
 * docs/rules/gift-vouchers.md#messages: a paid gift voucher's code, by SMS to the person it is
 * for, and the buyer told it left. The code and its link are in the outbox row's facts only until
 * the message is settled (as a reset code's); the text kept says `[masqué]` in their place.
 */
export type VoucherFacts = {
  amount?: number
  /** The recipient's first name and phone, the buyer's short message. */
  recipient?: string
  phone?: string
  note?: string | null
  /** The code (voucher_gift only), and the redeem page's link carrying it, set when rendered. */
  code?: string
  link?: string
}

const HIDDEN = '[masqué]'
const signature = '\n\nMerci de votre confiance,\nL’équipe Étal'

/** The redeem page's address, the code prefilled. */
export const voucherLink = (origin: string, code: string) =>
  `${origin.replace(/\/$/, '')}/bons-cadeaux/utiliser?code=${encodeURIComponent(code)}`

export function renderVoucherMessage(
  kind: 'voucher_gift' | 'voucher_sent',
  channel: MessageChannel,
  buyerName: string,
  f: VoucherFacts,
): { subject: string; text: string } {
  const amount = formatMoney(f.amount ?? 0)
  if (kind === 'voucher_gift') {
    const note = f.note ? ` Son mot : "${f.note}"` : ''
    return {
      subject: 'Étal : un bon cadeau pour vous',
      text: toGsm7(
        `Étal: ${firstName(buyerName)} vous offre un bon cadeau de ${amount}.${note} ` +
          `Votre code : ${f.code ? showVoucherCode(f.code) : HIDDEN}. ` +
          `Créez votre compte ou connectez-vous, puis saisissez-le ici : ${f.link ?? HIDDEN}`,
      ),
    }
  }
  const to = `${f.recipient ?? ''} (${f.phone ?? ''})`
  return channel === 'sms'
    ? {
        subject: 'Étal : bon cadeau envoyé',
        text: toGsm7(`Étal: votre bon cadeau de ${amount} est payé. Son code a été envoyé par SMS à ${to}.`),
      }
    : {
        subject: 'Étal : votre bon cadeau est envoyé',
        text:
          `Bonjour ${firstName(buyerName)},\n\nVotre bon cadeau de ${amount} est payé. ` +
          `Son code a été envoyé par SMS à ${to} : il s’ajoute à son avoir sur Étal dès qu’il le saisit.${signature}`,
      }
}
