import type { MessageChannel, MessageKind } from '@/shared/domain/messages'
import { firstName } from './render'
import { toGsm7 } from './sms'
import { type CancelFacts, renderCancelMessage } from './campaign-cancel-messages'

/**
 * The messages about an account rather than an order (docs/rules/people.md#accounts): the link to
 * choose a new password (e-mail), its code (SMS), and the notice that the password changed (by
 * each channel the person uses). The link and the code are in the outbox row's facts only until
 * the message is settled; what the row keeps afterwards says `[masqué]` in their place.
 */
export type AccountFacts = { link?: string; code?: string } & CancelFacts

/** What stands for a link or a code in the text the outbox keeps. */
export const HIDDEN = '[masqué]'

const signature = '\n\nMerci de votre confiance,\nL’équipe Étal'

export function renderAccountMessage(
  kind: MessageKind,
  channel: MessageChannel,
  name: string,
  facts: AccountFacts,
): { subject: string; text: string } {
  const hello = `Bonjour ${firstName(name)},\n\n`
  switch (kind) {
    case 'campaign_cancelled':
    case 'campaign_refunded':
      return renderCancelMessage(kind, channel, name, facts)
    case 'password_reset_link':
      return {
        subject: 'Étal : choisir un nouveau mot de passe',
        text:
          `${hello}Vous avez demandé à changer le mot de passe de votre compte Étal. ` +
          `Ouvrez ce lien pour en choisir un nouveau (il sert une seule fois et expire dans 30 minutes) :\n\n` +
          `${facts.link ?? HIDDEN}\n\n` +
          `Si vous n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.${signature}`,
      }
    case 'password_reset_code':
      return {
        subject: 'Étal : code pour un nouveau mot de passe',
        text: toGsm7(
          `Étal: votre code pour un nouveau mot de passe est ${facts.code ?? HIDDEN}. ` +
            `Valable 10 minutes. Ne le donnez à personne.`,
        ),
      }
    default:
      return channel === 'sms'
        ? {
            subject: 'Étal : mot de passe changé',
            text: toGsm7(
              "Étal: le mot de passe de votre compte vient d'être changé. Si ce n'est pas vous, contactez-nous vite.",
            ),
          }
        : {
            subject: 'Étal : votre mot de passe a été changé',
            text:
              `${hello}Le mot de passe de votre compte Étal vient d’être changé, et toutes ses sessions ` +
              `ont été fermées sauf celle de l’appareil où il a été choisi.\n\n` +
              `Si ce n’est pas vous, contactez-nous tout de suite depuis la page Contact.${signature}`,
          }
  }
}
