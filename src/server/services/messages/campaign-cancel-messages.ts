import type { MessageChannel } from '@/shared/domain/messages'
import { formatMoney } from '@/shared/format'
import { firstName } from './render'
import { toGsm7 } from './sms'

/**
 * What a client is told of its campaign reservation by staff's hand
 * (docs/rules/campaigns-operations.md#cancelling): its cancellation, with what the shop keeps and
 * gives back and how, then each refund once made. Written to the outbox as account messages.
 */
export type CancelFacts = {
  /** The campaign's name and the animal's tag or the share's name. */
  campaign?: string
  item?: string
  /** campaign_cancelled: what the shop keeps, what it gives back by wallet and in cash. */
  kept?: number
  byWallet?: number
  cash?: number
  /** campaign_refunded: the amount given back and where. */
  amount?: number
  wallet?: string | null
}

const signature = '\n\nMerci de votre confiance,\nL’équipe Étal'

export function renderCancelMessage(
  kind: 'campaign_cancelled' | 'campaign_refunded',
  channel: MessageChannel,
  name: string,
  f: CancelFacts,
): { subject: string; text: string } {
  const what = `${f.campaign ?? 'votre campagne'}${f.item ? ` (${f.item})` : ''}`
  if (kind === 'campaign_refunded') {
    const where = f.wallet ? `sur votre compte ${f.wallet}` : 'à la boutique'
    const sentence = `${formatMoney(f.amount ?? 0)} vous ont été remboursés ${where} pour votre réservation ${what}.`
    return channel === 'sms'
      ? { subject: 'Étal : remboursement', text: toGsm7(`Étal: ${sentence}`) }
      : {
          subject: 'Étal : votre réservation est remboursée',
          text: `Bonjour ${firstName(name)},\n\n${sentence}${signature}`,
        }
  }
  const parts: string[] = []
  if ((f.byWallet ?? 0) > 0) parts.push(`${formatMoney(f.byWallet!)} sur votre compte mobile money`)
  if ((f.cash ?? 0) > 0) parts.push(`${formatMoney(f.cash!)} en espèces à la boutique`)
  const given = parts.length > 0 ? `Nous vous rendons ${parts.join(' et ')}.` : 'Rien n’est à rendre.'
  const kept = (f.kept ?? 0) > 0 ? ` La boutique garde ${formatMoney(f.kept!)}.` : ''
  const sentence = `votre réservation ${what} est annulée. ${given}${kept}`
  return channel === 'sms'
    ? { subject: 'Étal : réservation annulée', text: toGsm7(`Étal: ${sentence}`) }
    : {
        subject: 'Étal : votre réservation est annulée',
        text: `Bonjour ${firstName(name)},\n\nNous vous informons que ${sentence}\n\nPour toute question, contactez-nous depuis la page Contact.${signature}`,
      }
}
