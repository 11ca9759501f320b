import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Db, Executor } from '@/server/db/client'
import { campaignPayLinks, campaignReservations, campaigns } from '@/server/db/schema'
import { notFound } from '@/server/http/errors'
import { hashToken } from '@/server/http/session'
import { enqueueReservationMessage } from '@/server/services/messages/campaign-messages'
import { RESERVATION_NOT_FOUND } from './items'
import { payLinkOf } from './reserve'
import { assertInScope } from '../scope'

// docs/rules/campaigns-messages.md#the-pay-links (decision 0073): a reservation has several pay
// links, each a token kept as its SHA-256: the first (the reservation's `payTokenHash`), then one
// per re-issue and per message that carries one. All stay valid, so a parent holding an older one
// still pays, until the client or staff revoke them: then only the one just issued works.

/** The reservation a pay link's token opens (its first link, or one issued after), or null. */
export async function reservationOfToken(db: Executor, token: string) {
  const hash = hashToken(token)
  const rows = (await db.execute(sql`
    select id, campaign_id as "campaignId" from campaign_reservations where pay_token_hash = ${hash}
    union all
    select r.id, r.campaign_id from campaign_pay_links l
      join campaign_reservations r on r.id = l.reservation_id
    where l.token_hash = ${hash}
    limit 1`)) as unknown as { rows: { id: number; campaignId: number }[] }
  const found = rows.rows[0]
  return found ? { id: Number(found.id), campaignId: Number(found.campaignId) } : null
}

/**
 * A fresh token for a reservation, in the caller's transaction. `revoke`: every earlier link stops
 * working (the first is replaced, the others deleted). `outboxMessageId`: the message that carries
 * it, whose earlier token (a send tried again) is replaced.
 */
export async function issuePayToken(
  tx: Executor,
  reservationId: number,
  opts: { revoke?: boolean; createdBy?: number | null; outboxMessageId?: number } = {},
) {
  const token = randomBytes(32).toString('base64url')
  const tokenHash = hashToken(token)
  if (opts.revoke) {
    await tx.delete(campaignPayLinks).where(eq(campaignPayLinks.reservationId, reservationId))
    await tx
      .update(campaignReservations)
      .set({ payTokenHash: tokenHash, updatedAt: sql`now()` })
      .where(eq(campaignReservations.id, reservationId))
    return token
  }
  if (opts.outboxMessageId !== undefined)
    await tx
      .delete(campaignPayLinks)
      .where(
        and(
          eq(campaignPayLinks.reservationId, reservationId),
          eq(campaignPayLinks.outboxMessageId, opts.outboxMessageId),
        ),
      )
  await tx.insert(campaignPayLinks).values({
    reservationId,
    tokenHash,
    outboxMessageId: opts.outboxMessageId ?? null,
    createdBy: opts.createdBy ?? null,
  })
  return token
}

/**
 * A new pay link for a reservation (`POST /_api/campaigns/link`, and staff's): the client for its
 * own (another's answers 404, as absent), staff for their country's. Answered once; staff's is
 * also sent to the client by the channels it chose.
 */
export async function reissuePayLink(
  db: Db,
  user: SessionUser,
  input: { reservationId: number; revoke?: boolean },
  origin: string,
  as: 'owner' | 'staff',
) {
  const [found] = await db
    .select({ userId: campaignReservations.userId, countryId: campaigns.countryId })
    .from(campaignReservations)
    .innerJoin(campaigns, eq(campaigns.id, campaignReservations.campaignId))
    .where(eq(campaignReservations.id, input.reservationId))
  if (!found) throw notFound(RESERVATION_NOT_FOUND)
  if (as === 'owner' && found.userId !== user.id) throw notFound(RESERVATION_NOT_FOUND)
  if (as === 'staff') assertInScope(user, found.countryId, RESERVATION_NOT_FOUND)
  const token = await db.transaction(async (tx) => {
    const t = await issuePayToken(tx, input.reservationId, { revoke: input.revoke, createdBy: user.id })
    if (as === 'staff') await enqueueReservationMessage(tx, input.reservationId, 'campaign_link')
    return t
  })
  return { payToken: token, payLink: payLinkOf(origin, token), revoked: input.revoke ?? false }
}
