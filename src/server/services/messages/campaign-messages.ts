import { sql } from 'drizzle-orm'
import type { MessageChannel, MessageKind } from '@/shared/domain/messages'
import { formatMoney } from '@/shared/format'
import type { Executor } from '@/server/db/client'
import { HIDDEN } from './account-messages'
import { firstName } from './render'
import { fit as fitSms } from './render-sms'

/**
 * The messages about a campaign's reservation (docs/rules/campaigns-messages.md): to its client,
 * by the channels it chose, the booking confirmed, the reminders of the balance, a pay link sent
 * again; to the recipient named by the client (another person, often), an SMS when the animal is
 * booked for them. A message that carries a pay link has `link: true` in its facts: the link is
 * issued when the message is sent (the outbox never keeps a token) and the text kept says
 * `[masqué]` in its place.
 */
export type CampaignFacts = { link?: boolean; key?: string }

/** The channels the client chose, as the order messages' (docs/rules/orders.md#messages). */
const payerChannels = sql`(values ('email'), ('sms')) as c(channel)`
const payerChose = sql`((c.channel = 'email' and u.notify_by_email) or (c.channel = 'sms' and u.notify_by_sms and u.phone_number is not null))`

/** A message to the reservation's client, by each channel it chose, in the caller's transaction. */
export async function enqueueReservationMessage(
  tx: Executor,
  reservationId: number,
  kind: MessageKind,
  facts: CampaignFacts = { link: true },
) {
  await tx.execute(sql`
    insert into outbox_messages (reservation_id, kind, channel, recipient, facts)
    select r.id, ${kind}::message_kind, c.channel,
      case c.channel when 'sms' then u.phone_number else u.email end, ${JSON.stringify(facts)}::jsonb
    from campaign_reservations r join users u on u.id = r.user_id cross join ${payerChannels}
    where r.id = ${reservationId} and ${payerChose}
    order by c.channel`)
}

/**
 * The booking, said once the deposit is received: to the client (with its pay link), and by SMS
 * to the recipient it named when that is another phone than its own.
 */
export async function tellBooked(tx: Executor, reservationId: number) {
  await enqueueReservationMessage(tx, reservationId, 'campaign_booked')
  await tx.execute(sql`
    insert into outbox_messages (reservation_id, kind, channel, recipient, facts)
    select r.id, 'campaign_recipient', 'sms', r.recipient_phone, '{}'::jsonb
    from campaign_reservations r join users u on u.id = r.user_id
    where r.id = ${reservationId} and nullif(trim(r.recipient_phone), '') is not null
      and r.recipient_phone is distinct from u.phone_number`)
}

/** What a reservation's message says, read when it is sent. */
export type ReservationFacts = {
  clientName: string
  recipientName: string | null
  campaignName: string
  tag: string | null
  breed: string | null
  shareName: string | null
  total: number
  amountPaid: number
  balanceDueAt: Date
  timeZone: string
}

export async function loadReservationFacts(db: Executor, id: number): Promise<ReservationFacts | null> {
  const res = (await db.execute(sql`
    select u.display_name as "clientName", r.recipient_name as "recipientName", c.name as "campaignName",
      a.tag, a.breed, s.name as "shareName", r.price + r.services_amount as total,
      r.amount_paid as "amountPaid", c.balance_due_at as "balanceDueAt", co.time_zone as "timeZone"
    from campaign_reservations r
      join campaigns c on c.id = r.campaign_id
      join countries co on co.id = c.country_id
      join users u on u.id = r.user_id
      left join campaign_animals a on a.id = r.animal_id
      left join campaign_shares s on s.id = r.share_id
    where r.id = ${id}`)) as unknown as { rows: ReservationFacts[] }
  const f = res.rows[0]
  return f
    ? {
        ...f,
        total: Number(f.total),
        amountPaid: Number(f.amountPaid),
        balanceDueAt: new Date(f.balanceDueAt),
      }
    : null
}

const signature = '\n\nMerci de votre confiance,\nL’équipe Étal'

const itemOf = (f: ReservationFacts) =>
  f.tag !== null ? `l’animal n° ${f.tag} (${f.breed})` : `la part « ${f.shareName} »`
const shortItem = (f: ReservationFacts) => (f.tag !== null ? `animal ${f.tag}` : (f.shareName ?? 'part'))
const dueDay = (f: ReservationFacts, style: 'long' | 'short') =>
  new Intl.DateTimeFormat(
    'fr-FR',
    style === 'long'
      ? { day: 'numeric', month: 'long', timeZone: f.timeZone }
      : { day: '2-digit', month: '2-digit', timeZone: f.timeZone },
  ).format(f.balanceDueAt)

/**
 * The subject and text of a reservation's message by `channel`; `link` is the pay link it carries
 * (HIDDEN in the text the outbox keeps).
 */
export function renderCampaignMessage(
  kind: MessageKind,
  channel: MessageChannel,
  f: ReservationFacts,
  link: string = HIDDEN,
): { subject: string; text: string } {
  const left = f.total - f.amountPaid
  const owed = formatMoney(left)
  const paid = formatMoney(f.amountPaid)
  const hello = `Bonjour ${firstName(f.clientName)},\n\n`
  const linkPart =
    `Vous, ou vos proches à qui vous transmettez ce lien, pouvez payer le reste en une ou plusieurs ` +
    `fois, par mobile money :\n\n${link}`
  const sms = (head: (cut: string) => string, cut: string) => ({ subject: 'SMS', text: fitSms(head, cut) })
  switch (kind) {
    case 'campaign_recipient': {
      const to = f.recipientName ? `${firstName(f.recipientName)}, ` : ''
      return sms(
        (c) =>
          `Étal: Bonjour ${to}${firstName(f.clientName)} vous a réservé ${shortItem(f)} pour ${c}. ` +
          `Nous vous appellerons pour la livraison.`,
        f.campaignName,
      )
    }
    case 'campaign_booked':
      if (channel === 'sms')
        return sms(
          (c) =>
            left > 0
              ? `Étal: acompte reçu, ${shortItem(f)} réservé (${c}). Reste ${owed} avant le ${dueDay(f, 'short')}. Payer: ${link}`
              : `Étal: ${shortItem(f)} réservé et payé (${c}). Merci !`,
          f.campaignName,
        )
      return {
        subject: `Étal : votre réservation pour ${f.campaignName} est confirmée`,
        text:
          `${hello}Votre paiement est reçu : ${itemOf(f)} vous est réservé pour ${f.campaignName}.\n\n` +
          (left > 0
            ? `Payé : ${paid}. Reste à payer : ${owed}, avant le ${dueDay(f, 'long')}.\n\n${linkPart}`
            : `Tout est payé : il n’y a plus rien à régler.`) +
          signature,
      }
    case 'campaign_reminder':
      if (channel === 'sms')
        return sms(
          (c) => `Étal: rappel ${c}: reste ${owed} à payer avant le ${dueDay(f, 'short')}. Payer: ${link}`,
          f.campaignName,
        )
      return {
        subject: `Étal : reste ${owed} à payer pour ${f.campaignName}`,
        text:
          `${hello}Pour ${itemOf(f)} (${f.campaignName}), il reste ${owed} à payer avant le ` +
          `${dueDay(f, 'long')} (déjà payé : ${paid}).\n\n${linkPart}${signature}`,
      }
    default:
      if (channel === 'sms')
        return sms(
          (c) => `Étal: votre lien pour payer ${shortItem(f)} (${c}), reste ${owed}: ${link}`,
          f.campaignName,
        )
      return {
        subject: `Étal : votre lien de paiement pour ${f.campaignName}`,
        text:
          `${hello}Voici votre lien de paiement pour ${itemOf(f)} (${f.campaignName}). ` +
          `Reste à payer : ${owed}, avant le ${dueDay(f, 'long')}.\n\n${linkPart}${signature}`,
      }
  }
}
