import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { depositFor, HOLD_MS } from '@/shared/domain/campaigns'
import type { Db } from '@/server/db/client'
import { campaignAnimals, campaignReservations, campaignShares, campaigns } from '@/server/db/schema'
import { conflict, notFound } from '@/server/http/errors'
import { hashToken } from '@/server/http/session'
import { releaseExpiredHolds, takeAnimal, takeShare } from './items'

// docs/rules/campaigns.md#the-rush: many clients reserving the last animal or share at once,
// exactly one gets each (one conditional update); the winner holds it 15 minutes for its deposit.

export const ANIMAL_TAKEN = 'Cet animal vient d’être réservé par un autre client. Choisissez-en un autre.'
export const SHARE_TAKEN = 'Il ne reste plus de cette part. Choisissez-en une autre.'

/**
 * The pay link's address: a page of the shop, the token in its query string, whose `token` value
 * the request log hides (`safeUrl`, src/server/runtime/log-safety.ts).
 */
export const payLinkOf = (origin: string, token: string) => `${origin}/campagnes/payer?token=${token}`

/**
 * A client reserves one animal or one share of an open campaign: taken at once (a rush has one
 * winner each), held 15 minutes for its deposit, with a fresh pay link (its token answered once,
 * kept hashed).
 */
export async function reserve(
  db: Db,
  user: { id: number },
  item: { animalId?: number; shareId?: number },
  origin: string,
) {
  const [found] =
    item.animalId !== undefined
      ? await db
          .select({ campaign: campaigns, price: campaignAnimals.price, status: campaignAnimals.status })
          .from(campaignAnimals)
          .innerJoin(campaigns, eq(campaigns.id, campaignAnimals.campaignId))
          .where(eq(campaignAnimals.id, item.animalId))
      : await db
          .select({ campaign: campaigns, price: campaignShares.price, status: campaignShares.name })
          .from(campaignShares)
          .innerJoin(campaigns, eq(campaigns.id, campaignShares.campaignId))
          .where(eq(campaignShares.id, item.shareId!))
  if (!found) throw notFound(item.animalId !== undefined ? 'Animal non trouvé' : 'Part non trouvée')
  const { campaign } = found
  const now = Date.now()
  if (campaign.opensAt.getTime() > now)
    throw conflict('Les réservations de cette campagne ne sont pas encore ouvertes.')
  if (campaign.closesAt.getTime() <= now) throw conflict('Les réservations de cette campagne sont fermées.')
  await releaseExpiredHolds(db, campaign.id)
  const token = randomBytes(32).toString('base64url')
  const row = await db.transaction(async (tx) => {
    const taken =
      item.animalId !== undefined ? await takeAnimal(tx, item.animalId) : await takeShare(tx, item.shareId!)
    if (!taken) throw conflict(item.animalId !== undefined ? ANIMAL_TAKEN : SHARE_TAKEN)
    const [r] = await tx
      .insert(campaignReservations)
      .values({
        campaignId: campaign.id,
        userId: user.id,
        animalId: item.animalId ?? null,
        shareId: item.shareId ?? null,
        status: 'held',
        price: found.price,
        depositAmount: depositFor(campaign, found.price),
        payTokenHash: hashToken(token),
        holdExpiresAt: new Date(Date.now() + HOLD_MS),
      })
      .returning()
    return r!
  })
  return {
    id: row.id,
    status: row.status,
    total: row.price + row.servicesAmount,
    depositAmount: row.depositAmount,
    amountPaid: row.amountPaid,
    balance: row.price + row.servicesAmount - row.amountPaid,
    holdExpiresAt: row.holdExpiresAt,
    payToken: token,
    payLink: payLinkOf(origin, token),
  }
}
