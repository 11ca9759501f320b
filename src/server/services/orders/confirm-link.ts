import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db, Executor } from '@/server/db/client'
import { conflict, notFound } from '@/server/http/errors'
import { hashToken } from '@/server/http/session'
import { firstName } from '@/server/services/messages/render'
import { ORDER_NOT_FOUND } from './order-admin'
import { loadOrder } from './orders'

// docs/rules/confirmation.md#confirmation, decision 0076: the client confirms its order with the
// link sent by SMS to the delivery phone, or from its account. A link's token is kept only as its
// SHA-256 (the one `hashToken` of sessions and pay links), one per order: a new one replaces the
// row, so the older link stops working. It is issued when its SMS is rendered (as campaign pay
// links are, decision 0073), so the link is never written in clear in the database.

/** How long a confirmation link works after it is issued. */
export const CONFIRM_LINK_HOURS = 48

export const CONFIRM_LINK_UNKNOWN =
  'Ce lien de confirmation n’est pas valide : il a peut-être été remplacé par un lien plus récent.'
export const CONFIRM_LINK_EXPIRED =
  'Ce lien de confirmation a expiré. Confirmez depuis votre compte ou appelez la boutique.'
export const ALREADY_CONFIRMED = 'Cette commande est déjà confirmée.'
export const NOTHING_TO_CONFIRM = 'Cette commande n’attend pas de confirmation du client.'
export const CONFIRM_CANCELLED = 'Cette commande est annulée : il n’y a plus rien à confirmer.'

/** The absolute link an SMS carries (PUBLIC_ORIGIN, as the other links). */
export const confirmLinkOf = (origin: string, token: string) => `${origin}/commande/confirmer?token=${token}`

/**
 * The checkout's SMS with the link, for the order of its statement's CTE `new_order`, when it waits
 * for its client: to the delivery phone, whatever channels the account chose (the link is about
 * this order, and the delivery phone is the one staff would call).
 */
export const confirmLinkMessageInsert = (deliveryPhone: string) =>
  sql`insert into outbox_messages (order_id, kind, channel, recipient)
    select new_order.id, 'order_confirm_link', 'sms', ${deliveryPhone}::text from new_order
    where new_order.needs_confirmation`

/** A fresh token for an order, in the caller's transaction: any earlier one stops working. */
export async function issueConfirmToken(tx: Executor, orderId: number) {
  const token = randomBytes(32).toString('base64url')
  await tx.execute(sql`
    insert into order_confirm_tokens (order_id, token_hash, expires_at)
    values (${orderId}, ${hashToken(token)}, now() + make_interval(hours => ${CONFIRM_LINK_HOURS}::int))
    on conflict (order_id) do update set token_hash = excluded.token_hash, used_at = null,
      expires_at = excluded.expires_at, created_at = now()`)
  return token
}

type Waiting = { status: string; needs: boolean; confirmedAt: Date | string | null }

/** Why an order cannot be confirmed now (409), or nothing when it waits for its client. */
function refuseUnlessWaiting(o: Waiting) {
  if (o.status === 'cancelled') throw conflict(CONFIRM_CANCELLED)
  if (!o.needs) throw conflict(NOTHING_TO_CONFIRM)
  if (o.confirmedAt) throw conflict(ALREADY_CONFIRMED)
}

/** The order's row locked, with what the confirmation checks. */
async function lockOrder(tx: Executor, orderId: number) {
  const res = (await tx.execute(sql`
    select id, user_id as "userId", status, needs_confirmation as needs, confirmed_at as "confirmedAt"
    from orders where id = ${orderId} for update`)) as unknown as {
    rows: (Waiting & { id: number; userId: number })[]
  }
  return res.rows[0] ?? null
}

/** The client confirmed: one update on the locked row; its link, if any, is used up with it. */
async function markConfirmed(tx: Executor, orderId: number) {
  await tx.execute(sql`
    update orders set confirmed_at = now(), confirmed_by = 'client', confirmed_by_id = null, updated_at = now()
    where id = ${orderId}`)
  await tx.execute(sql`
    update order_confirm_tokens set used_at = now() where order_id = ${orderId} and used_at is null`)
}

/** The order a link's token opens, or a French 404 (unknown, replaced) / 409 (expired). */
export async function orderOfConfirmToken(db: Executor, token: string, lock = false) {
  const res = (await db.execute(sql`
    select order_id as "orderId", used_at as "usedAt", expires_at < now() as expired
    from order_confirm_tokens where token_hash = ${hashToken(token)}
    ${lock ? sql`for update` : sql``}`)) as unknown as {
    rows: { orderId: number; usedAt: Date | string | null; expired: boolean }[]
  }
  const row = res.rows[0]
  if (!row) throw notFound(CONFIRM_LINK_UNKNOWN)
  if (row.expired) throw conflict(CONFIRM_LINK_EXPIRED)
  return { orderId: Number(row.orderId), used: row.usedAt != null }
}

/**
 * "Je confirme ma commande" from the SMS link (`POST /_api/orders/confirm`): once. An unknown or
 * replaced token 404, an expired one 409; a used one, or an order confirmed meanwhile by phone,
 * 409 'Cette commande est déjà confirmée.'; a cancelled order 409. Nothing changes on a refusal.
 */
export async function confirmByLink(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const { orderId } = await orderOfConfirmToken(tx, token, true)
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound(CONFIRM_LINK_UNKNOWN)
    refuseUnlessWaiting(order)
    await markConfirmed(tx, orderId)
    return orderId
  })
}

/** The signed-in client confirms its own order from its page (another's answers 404, as absent). */
export async function confirmAsOwner(db: Db, userId: number, orderId: number) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order || Number(order.userId) !== userId) throw notFound(ORDER_NOT_FOUND)
    refuseUnlessWaiting(order)
    await markConfirmed(tx, orderId)
  })
}

/**
 * Staff's "Renvoyer le lien" (a lost SMS): only for an order still waiting; the current link stops
 * working at once, and a new SMS is written, whose new link is issued when it is sent.
 */
export async function resendConfirmLink(db: Db, orderId: number) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw notFound(ORDER_NOT_FOUND)
    refuseUnlessWaiting(order)
    await tx.execute(sql`delete from order_confirm_tokens where order_id = ${orderId}`)
    await tx.execute(sql`
      insert into outbox_messages (order_id, kind, channel, recipient)
      select id, 'order_confirm_link', 'sms', delivery_phone from orders where id = ${orderId}`)
  })
}

/**
 * What the link shows its holder (`GET /_api/orders/confirm-link`, and the answer of the POST):
 * the order's number, slot, lines and total, the client's first name; no address, no phone. It
 * reads while the link has not expired, used or not (a client opening its SMS again sees that its
 * order is confirmed).
 */
export async function confirmLinkView(db: Executor, orderId: number) {
  const order = await loadOrder(db, orderId)
  if (!order) throw notFound(CONFIRM_LINK_UNKNOWN)
  return {
    id: order.id,
    firstName: firstName(order.customer.name),
    createdAt: new Date(order.createdAt),
    fulfilment: order.fulfilment,
    slotStartsAt: order.slotStartsAt,
    slotEndsAt: order.slotEndsAt,
    slotTimeZone: order.slotTimeZone,
    items: order.items.map((i) => ({
      productName: i.productName,
      quantity: i.quantity,
      unitType: i.unitType,
    })),
    totalAmount: order.totalAmount,
    state:
      order.status === 'cancelled'
        ? ('cancelled' as const)
        : order.confirmedAt
          ? ('confirmed' as const)
          : ('waiting' as const),
    confirmedBy: order.confirmedBy,
  }
}
