import { sql } from 'drizzle-orm'
import type { MessageChannel, MessageKind } from '@/shared/domain/messages'
import type { Db, Executor } from '@/server/db/client'
import { loadOrder } from '../orders/orders'
import { HIDDEN, renderAccountMessage, type AccountFacts } from './account-messages'
import { issuePayToken } from '../campaigns/links'
import { payLinkOf } from '../campaigns/reserve'
import { type CampaignFacts, loadReservationFacts, renderCampaignMessage } from './campaign-messages'
import { renderMessage, type MessageFacts } from './render'
import { confirmLinkSms, renderOrderSms } from './render-sms'
import { confirmLinkOf, issueConfirmToken } from '../orders/confirm-link'
import { SmsError, type SmsSender } from './sms'
import { renderVoucherMessage, voucherLink, type VoucherFacts } from './voucher-messages'

/**
 * The outbox (docs/rules/orders.md#messages, decision 0030). A change that tells the client something
 * writes its message here in its own transaction (`enqueueOrderMessage`, or checkout's statement);
 * `drainOutbox` delivers the due messages. Several workers or instances may drain at once: each
 * claims one message at a time, right before sending it, with `FOR UPDATE SKIP LOCKED` and a
 * lease of its own, which it checks just before the send and renews while the mail server takes
 * its time; so a message is claimed by one of them at a time, a slow server delays the next ones
 * but never lets another worker send the same message, and a message is marked sent by the
 * worker that sent it. (Before docs/security/outside-attack.md item 3, one 2-minute lease covered a batch of 20
 * sequential sends: with a server taking 9 s a message, the batch's last ones were claimed and
 * sent again by another instance.)
 */

/** One e-mail as the outbox hands it to the mail server. */
export type OutgoingMail = { from: string; to: string; subject: string; text: string; messageId: string }
export type MailSender = { send(mail: OutgoingMail): Promise<void> }

export type OutboxOptions = {
  /** null: no SMTP server configured (SMTP_URL unset): messages are kept as "not sent". */
  sender: MailSender | null
  /** The SMS provider (decision 0048); null or absent (SMS_URL unset): SMS kept as "not sent". */
  sms?: SmsSender | null
  from: string
  /** The domain of the Message-ID header (one per message, the same on every attempt). */
  messageIdDomain?: string
  /** How long one message's claim lasts without renewal; renewed every third of it during its send. */
  leaseMs?: number
  /** The first retry's delay; each next one doubles, up to an hour. */
  retryBaseMs?: number
  /** After this many attempts a message is given up ("failed", with the last reason). */
  maxAttempts?: number
  /**
   * Outside production, with no mail server or SMS provider: each message not sent is shown here
   * whole, link and code included, so a reset can be tried on one's own machine
   * (docs/rules/orders.md#messages). The database keeps it with the link and code hidden.
   */
  /** The shop's address, the origin of the pay links messages carry (PUBLIC_ORIGIN). */
  origin?: string
  show?: (message: { channel: 'email' | 'sms'; to: string; subject: string; text: string }) => void
}

const MAX_DELAY_MS = 3_600_000

/**
 * The channels an account is told by, as rows of (channel, recipient): e-mail when it chose
 * e-mail, SMS when it chose SMS and has a phone (docs/rules/orders.md#messages). `u` is the users row.
 */
const channelsOf = sql`(values ('email'), ('sms')) as c(channel)`
const channelChosen = sql`((c.channel = 'email' and u.notify_by_email) or (c.channel = 'sms' and u.notify_by_sms and u.phone_number is not null))`
const recipientOf = sql`case c.channel when 'sms' then u.phone_number else u.email end`

/** Writes a message about an order to its client, by each channel it chose, in the caller's transaction. */
export async function enqueueOrderMessage(
  tx: Executor,
  orderId: number,
  kind: MessageKind,
  facts: MessageFacts = {},
) {
  await tx.execute(sql`
    insert into outbox_messages (order_id, kind, channel, recipient, facts)
    select o.id, ${kind}::message_kind, c.channel, ${recipientOf}, ${JSON.stringify(facts)}::jsonb
    from orders o join users u on u.id = o.user_id cross join ${channelsOf}
    where o.id = ${orderId} and ${channelChosen}
    order by c.channel`)
}

/** Checkout's "order received" message, for the order of its statement's CTE `new_order`. */
export const receivedMessageInsert = (userId: number) =>
  sql`insert into outbox_messages (order_id, kind, channel, recipient)
    select new_order.id, 'order_received', c.channel, ${recipientOf}
    from new_order join users u on u.id = ${userId}::int cross join ${channelsOf}
    where ${channelChosen}`

/**
 * A message about an account (docs/rules/people.md#accounts), in the caller's transaction: to
 * `recipient` by `channel`, or to each channel the account chose when `channel` is null. Nothing
 * when `userId` is null: the caller runs the same statement whether an account was found or not.
 */
export async function enqueueAccountMessage(
  tx: Executor,
  userId: number | null,
  kind: MessageKind,
  channel: MessageChannel | null,
  facts: AccountFacts = {},
) {
  await tx.execute(sql`
    insert into outbox_messages (user_id, kind, channel, recipient, facts)
    select u.id, ${kind}::message_kind, c.channel, ${recipientOf}, ${JSON.stringify(facts)}::jsonb
    from users u cross join ${channelsOf}
    where u.id = ${userId}::int
      and (case when ${channel}::text is null then ${channelChosen} or c.channel = 'email'
                else c.channel = ${channel}::text end)
      and (c.channel = 'email' or u.phone_number is not null)
    order by c.channel`)
}

type Claimed = {
  id: number
  orderId: number | null
  userId: number | null
  reservationId: number | null
  channel: MessageChannel
  kind: MessageKind
  recipient: string
  facts: MessageFacts
  attempts: number
}

const DEFAULT_LEASE_MS = 60_000

/** The next due message, claimed for one attempt (its `attempts` is the claim's identity). */
async function claimNext(db: Db, leaseMs: number): Promise<Claimed | null> {
  const res = (await db.execute(sql`
    update outbox_messages m
    set lease_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000}::float8), attempts = m.attempts + 1
    from (
      select id from outbox_messages
      where state = 'waiting' and next_attempt_at <= clock_timestamp()
        and (lease_until is null or lease_until < clock_timestamp())
      order by next_attempt_at, id
      limit 1
      for update skip locked
    ) due
    where m.id = due.id
    returning m.id, m.order_id as "orderId", m.user_id as "userId", m.reservation_id as "reservationId", m.channel, m.kind, m.recipient, m.facts, m.attempts`)) as {
    rows: Claimed[]
  }
  const r = res.rows[0]
  return r
    ? {
        ...r,
        id: Number(r.id),
        orderId: r.orderId == null ? null : Number(r.orderId),
        userId: r.userId == null ? null : Number(r.userId),
        reservationId: r.reservationId == null ? null : Number(r.reservationId),
        attempts: Number(r.attempts),
      }
    : null
}

/**
 * Extends this attempt's claim by a lease from now; false when it is no longer this attempt's
 * (another worker claimed the message after the lease ran out, or it was settled).
 */
async function renewClaim(db: Db, m: Claimed, leaseMs: number): Promise<boolean> {
  const res = (await db.execute(sql`
    update outbox_messages set lease_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000}::float8)
    where id = ${m.id} and state = 'waiting' and attempts = ${m.attempts}
    returning id`)) as { rows: unknown[] }
  return res.rows.length === 1
}

type SmtpError = {
  code?: string
  responseCode?: number
  response?: string
  message?: string
}

/** A refusal the mail server or the SMS provider will give again (5xx, a bad address): retrying changes nothing. */
const isPermanent = (e: SmtpError) =>
  e instanceof SmsError ? e.permanent : (e.responseCode ?? 0) >= 500 || e.code === 'EENVELOPE'

/** The reason staff read on the order page, in French. */
export function describeSendError(err: unknown): string {
  const e = (err ?? {}) as SmtpError
  if (err instanceof SmsError) return err.message.slice(0, 300)
  if (e.responseCode)
    return `Refusé par le serveur d’e-mail : ${(e.response ?? e.message ?? '').slice(0, 300)}`
  if (e.code === 'EENVELOPE') return `Adresse refusée : ${(e.message ?? '').slice(0, 300)}`
  const code = e.code ?? (err as { cause?: SmtpError })?.cause?.code
  return `Serveur d’e-mail injoignable${code ? ` (${code})` : ''} : ${(e.message ?? String(err)).slice(0, 200)}`
}

/** What a drain did; `lost`: claims that ran out before their send began (nothing sent; retried later). */
export type DrainResult = { sent: number; retried: number; failed: number; notSent: number; lost: number }

/** Delivers due messages one at a time, each under its own claim, until none is left (or `maxMessages`). */
export async function drainOutbox(db: Db, opts: OutboxOptions, maxMessages = 200): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, failed: 0, notSent: 0, lost: 0 }
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS
  for (let i = 0; i < maxMessages; i++) {
    const claimed = await claimNext(db, leaseMs)
    if (!claimed) break
    result[await deliver(db, opts, claimed, leaseMs)] += 1
  }
  return result
}

/**
 * Sends while this attempt's claim holds: checked (and renewed) right before the send, renewed
 * every third of a lease while the server answers. The send cannot be taken back once begun: a
 * claim is lost during a send only if this process cannot reach the database for a whole lease.
 */
async function sendUnderClaim(db: Db, m: Claimed, leaseMs: number, send: () => Promise<void>) {
  if (!(await renewClaim(db, m, leaseMs))) return false
  let renewing: Promise<unknown> = Promise.resolve()
  const heartbeat = setInterval(() => {
    renewing = renewing.then(() => renewClaim(db, m, leaseMs)).catch(() => undefined)
  }, leaseMs / 3)
  try {
    await send()
  } finally {
    clearInterval(heartbeat)
    await renewing
  }
  return true
}

/** The subject and text of a message, and what the row keeps of them (a link or a code hidden). */
async function render(db: Db, m: Claimed, opts: OutboxOptions) {
  if (m.reservationId != null) return renderReservation(db, m, opts)
  if (m.orderId != null) {
    const order = await loadOrder(db, m.orderId)
    if (!order) return null
    // docs/rules/confirmation.md#confirmation: its link issued now, for this send, and kept hidden.
    if (m.kind === 'order_confirm_link') {
      // Confirmed (by phone) or cancelled before its send: no link is issued, nothing is sent.
      if (order.confirmedAt || order.status === 'cancelled')
        return { stale: 'Commande déjà confirmée ou annulée : le lien n’a pas été envoyé.' }
      const link = confirmLinkOf(
        opts.origin ?? 'http://localhost:3000',
        await issueConfirmToken(db, order.id),
      )
      const kept = { subject: 'SMS', text: confirmLinkSms(order, HIDDEN) }
      return { subject: 'SMS', text: confirmLinkSms(order, link), kept }
    }
    if (m.channel === 'sms') {
      const text = renderOrderSms(m.kind, order, m.facts ?? {})
      return { subject: 'SMS', text, kept: { subject: 'SMS', text } }
    }
    const mail = renderMessage(m.kind, order, m.facts ?? {})
    return { ...mail, kept: mail }
  }
  const [user] = (
    (await db.execute(sql`select display_name as name from users where id = ${m.userId}`)) as {
      rows: { name: string }[]
    }
  ).rows
  if (!user) return null
  if (m.kind === 'voucher_gift' || m.kind === 'voucher_sent') {
    // docs/rules/gift-vouchers.md#messages: the code and its link sent, hidden in what is kept.
    const f = (m.facts ?? {}) as VoucherFacts
    const link = f.code ? voucherLink(opts.origin ?? 'http://localhost:3000', f.code) : undefined
    const sent = renderVoucherMessage(m.kind, m.channel, user.name, { ...f, link })
    const kept = renderVoucherMessage(m.kind, m.channel, user.name, { ...f, code: undefined })
    return { ...sent, kept }
  }
  const facts = (m.facts ?? {}) as AccountFacts
  const sent = renderAccountMessage(m.kind, m.channel, user.name, facts)
  const kept = renderAccountMessage(m.kind, m.channel, user.name, {
    ...facts,
    link: facts.link ? HIDDEN : undefined,
    code: facts.code ? HIDDEN : undefined,
  })
  return { ...sent, kept }
}

/**
 * A campaign reservation's message (docs/rules/campaigns-messages.md): one carrying a pay link
 * issues it now, for this message (a send tried again replaces it), and keeps `[masqué]`.
 */
async function renderReservation(db: Db, m: Claimed, opts: OutboxOptions) {
  const facts = await loadReservationFacts(db, m.reservationId!)
  if (!facts) return null
  const kept = renderCampaignMessage(m.kind, m.channel, facts)
  if (!(m.facts as CampaignFacts).link) return { ...kept, kept }
  const token = await issuePayToken(db, m.reservationId!, { outboxMessageId: m.id })
  const link = payLinkOf(opts.origin ?? 'http://localhost:3000', token)
  return { ...renderCampaignMessage(m.kind, m.channel, facts, link), kept }
}

async function deliver(db: Db, opts: OutboxOptions, m: Claimed, leaseMs: number): Promise<keyof DrainResult> {
  const rendered = await render(db, m, opts)
  if (!rendered || 'stale' in rendered) {
    await settle(db, m, {
      state: 'failed',
      lastError: rendered
        ? rendered.stale
        : m.reservationId != null
          ? 'Réservation introuvable.'
          : m.orderId != null
            ? 'Commande introuvable.'
            : 'Compte introuvable.',
    })
    return 'failed'
  }
  const { subject, text, kept } = rendered
  const sms = m.channel === 'sms' ? (opts.sms ?? null) : null
  if (m.channel === 'sms' ? !sms : !opts.sender) {
    opts.show?.({ channel: m.channel === 'sms' ? 'sms' : 'email', to: m.recipient, subject, text })
    await settle(db, m, {
      state: 'not_sent',
      lastError:
        m.channel === 'sms'
          ? 'Aucun fournisseur SMS configuré (SMS_URL) : le SMS n’a pas été envoyé.'
          : 'Aucun serveur d’e-mail configuré (SMTP_URL) : le message n’a pas été envoyé.',
      subject: kept.subject,
      body: kept.text,
    })
    return 'notSent'
  }
  const sender = opts.sender
  try {
    const held = await sendUnderClaim(db, m, leaseMs, () =>
      sms
        ? sms.send({ to: m.recipient, text, reference: `etal-message-${m.id}` })
        : sender!.send({
            from: opts.from,
            to: m.recipient,
            subject,
            text,
            // The same on every attempt: a server that got it twice (a crash between its answer and
            // our "sent") shows it once.
            messageId: `<etal-message-${m.id}@${opts.messageIdDomain ?? 'etal.local'}>`,
          }),
    )
    if (!held) return 'lost'
  } catch (err) {
    const lastError = describeSendError(err)
    if (isPermanent(err as SmtpError) || m.attempts >= (opts.maxAttempts ?? 12)) {
      await settle(db, m, { state: 'failed', lastError, subject: kept.subject, body: kept.text })
      return 'failed'
    }
    const delay = Math.min((opts.retryBaseMs ?? 30_000) * 2 ** (m.attempts - 1), MAX_DELAY_MS)
    await db.execute(sql`
      update outbox_messages set lease_until = null, last_error = ${lastError}, subject = ${kept.subject}, body = ${kept.text},
        next_attempt_at = clock_timestamp() + make_interval(secs => ${delay / 1000}::float8)
      where id = ${m.id} and state = 'waiting' and attempts = ${m.attempts}`)
    return 'retried'
  }
  await settle(db, m, { state: 'sent', lastError: null, subject: kept.subject, body: kept.text, sent: true })
  return 'sent'
}

/** The end of an attempt, written only while the claim is still this worker's (same attempt). */
async function settle(
  db: Db,
  m: Claimed,
  s: {
    state: 'sent' | 'failed' | 'not_sent'
    lastError: string | null
    subject?: string
    body?: string
    sent?: boolean
  },
) {
  await db.execute(sql`
    update outbox_messages set state = ${s.state}::message_state, last_error = ${s.lastError}, lease_until = null,
      subject = coalesce(${s.subject ?? null}::text, subject), body = coalesce(${s.body ?? null}::text, body),
      sent_at = case when ${s.sent ?? false}::boolean then clock_timestamp() else sent_at end,
      -- A reset link or code lives in the row only until its message is settled.
      facts = case when user_id is null then facts else '{}'::jsonb end
    where id = ${m.id} and state = 'waiting' and attempts = ${m.attempts}`)
}
