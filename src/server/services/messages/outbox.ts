import { sql } from 'drizzle-orm'
import type { MessageKind } from '@/shared/domain/messages'
import type { Db, Executor } from '@/server/db/client'
import { loadOrder } from '../orders'
import { renderMessage, type MessageFacts } from './render'

/**
 * The outbox (docs/rules.md#messages, decision 0030). A change that tells the client something
 * writes its message here in its own transaction (`enqueueOrderMessage`, or checkout's statement);
 * `drainOutbox` delivers the due messages. Several workers or instances may drain at once: each
 * claims its rows with `FOR UPDATE SKIP LOCKED` and a lease, so a message is claimed by one of
 * them at a time, and a message is marked sent by the worker that sent it.
 */

/** One e-mail as the outbox hands it to the mail server. */
export type OutgoingMail = { from: string; to: string; subject: string; text: string; messageId: string }
export type MailSender = { send(mail: OutgoingMail): Promise<void> }

export type OutboxOptions = {
  /** null: no SMTP server configured (SMTP_URL unset): messages are kept as "not sent". */
  sender: MailSender | null
  from: string
  /** The domain of the Message-ID header (one per message, the same on every attempt). */
  messageIdDomain?: string
  batch?: number
  /** How long a claim lasts; longer than a send can take (the transport's timeouts). */
  leaseMs?: number
  /** The first retry's delay; each next one doubles, up to an hour. */
  retryBaseMs?: number
  /** After this many attempts a message is given up ("failed", with the last reason). */
  maxAttempts?: number
}

const MAX_DELAY_MS = 3_600_000

/** Writes a message about an order to its client, in the caller's transaction. */
export async function enqueueOrderMessage(
  tx: Executor,
  orderId: number,
  kind: MessageKind,
  facts: MessageFacts = {},
) {
  await tx.execute(sql`
    insert into outbox_messages (order_id, kind, recipient, facts)
    select o.id, ${kind}::message_kind, u.email, ${JSON.stringify(facts)}::jsonb
    from orders o join users u on u.id = o.user_id where o.id = ${orderId}`)
}

/** Checkout's "order received" message, for the order of its statement's CTE `o`. */
export const receivedMessageInsert = (recipient: string) =>
  sql`insert into outbox_messages (order_id, kind, recipient) select o.id, 'order_received', ${recipient}::text from o`

type Claimed = {
  id: number
  orderId: number
  kind: MessageKind
  recipient: string
  facts: MessageFacts
  attempts: number
}

async function claimDue(db: Db, batch: number, leaseMs: number): Promise<Claimed[]> {
  const res = (await db.execute(sql`
    update outbox_messages m
    set lease_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000}::float8), attempts = m.attempts + 1
    from (
      select id from outbox_messages
      where state = 'waiting' and next_attempt_at <= clock_timestamp()
        and (lease_until is null or lease_until < clock_timestamp())
      order by next_attempt_at, id
      limit ${batch}
      for update skip locked
    ) due
    where m.id = due.id
    returning m.id, m.order_id as "orderId", m.kind, m.recipient, m.facts, m.attempts`)) as {
    rows: Claimed[]
  }
  return res.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    orderId: Number(r.orderId),
    attempts: Number(r.attempts),
  }))
}

type SmtpError = { code?: string; responseCode?: number; response?: string; message?: string }

/** A refusal the mail server will give again (5xx, a bad address): retrying changes nothing. */
const isPermanent = (e: SmtpError) => (e.responseCode ?? 0) >= 500 || e.code === 'EENVELOPE'

/** The reason staff read on the order page, in French. */
export function describeSendError(err: unknown): string {
  const e = (err ?? {}) as SmtpError
  if (e.responseCode)
    return `Refusé par le serveur d’e-mail : ${(e.response ?? e.message ?? '').slice(0, 300)}`
  if (e.code === 'EENVELOPE') return `Adresse refusée : ${(e.message ?? '').slice(0, 300)}`
  const code = e.code ?? (err as { cause?: SmtpError })?.cause?.code
  return `Serveur d’e-mail injoignable${code ? ` (${code})` : ''} : ${(e.message ?? String(err)).slice(0, 200)}`
}

export type DrainResult = { sent: number; retried: number; failed: number; notSent: number }

/** Delivers every due message, batch after batch, until none is left (or `maxBatches`). */
export async function drainOutbox(db: Db, opts: OutboxOptions, maxBatches = 20): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, failed: 0, notSent: 0 }
  for (let i = 0; i < maxBatches; i++) {
    const claimed = await claimDue(db, opts.batch ?? 20, opts.leaseMs ?? 120_000)
    if (claimed.length === 0) break
    for (const message of claimed) result[await deliver(db, opts, message)] += 1
  }
  return result
}

async function deliver(db: Db, opts: OutboxOptions, m: Claimed): Promise<keyof DrainResult> {
  const order = await loadOrder(db, m.orderId)
  if (!order) {
    await settle(db, m, { state: 'failed', lastError: 'Commande introuvable.' })
    return 'failed'
  }
  const { subject, text } = renderMessage(m.kind, order, m.facts ?? {})
  if (!opts.sender) {
    await settle(db, m, {
      state: 'not_sent',
      lastError: 'Aucun serveur d’e-mail configuré (SMTP_URL) : le message n’a pas été envoyé.',
      subject,
      body: text,
    })
    return 'notSent'
  }
  try {
    await opts.sender.send({
      from: opts.from,
      to: m.recipient,
      subject,
      text,
      // The same on every attempt: a server that got it twice (a crash between its answer and
      // our "sent") shows it once.
      messageId: `<etal-message-${m.id}@${opts.messageIdDomain ?? 'etal.local'}>`,
    })
  } catch (err) {
    const lastError = describeSendError(err)
    if (isPermanent(err as SmtpError) || m.attempts >= (opts.maxAttempts ?? 12)) {
      await settle(db, m, { state: 'failed', lastError, subject, body: text })
      return 'failed'
    }
    const delay = Math.min((opts.retryBaseMs ?? 30_000) * 2 ** (m.attempts - 1), MAX_DELAY_MS)
    await db.execute(sql`
      update outbox_messages set lease_until = null, last_error = ${lastError}, subject = ${subject}, body = ${text},
        next_attempt_at = clock_timestamp() + make_interval(secs => ${delay / 1000}::float8)
      where id = ${m.id} and state = 'waiting' and attempts = ${m.attempts}`)
    return 'retried'
  }
  await settle(db, m, { state: 'sent', lastError: null, subject, body: text, sent: true })
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
      sent_at = case when ${s.sent ?? false}::boolean then clock_timestamp() else sent_at end
    where id = ${m.id} and state = 'waiting' and attempts = ${m.attempts}`)
}
