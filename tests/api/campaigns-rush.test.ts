import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignAnimals, campaignReservations, campaignShares } from '../../src/server/db/schema'
import { createSession, SESSION_COOKIE } from '../../src/server/http/session'
import { releaseExpiredHolds } from '../../src/server/services/campaigns'
import { createUser, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { addAnimal, addShare, openCampaign, publicView, reserveAnimal } from './campaign-fixtures'

/**
 * docs/rules/campaigns.md#the-rush and #holds: many clients reserving the last animal or share at
 * once, exactly one gets each; a hold past its 15 minutes returns the animal (on the next read,
 * and by the housekeeping). On PGlite, and on PostgreSQL with TEST_DATABASE_URL (several
 * connections, the conditional update under real concurrency).
 */
describe('campaigns: the rush and the holds', () => {
  let t: TestApp
  let staff: string
  let clients: string[]

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
    staff = (await signedIn(t, 'admin', 'SN')).cookie
    clients = []
    for (let i = 0; i < 100; i++) {
      const u = await createUser(t.db, { country: 'SN' })
      clients.push(`${SESSION_COOKIE}=${(await createSession(t.db, u.id)).token}`)
    }
  }, 120_000)
  afterAll(() => t.close())

  it('100 clients reserve the last animal at once: exactly one gets it, 99 are told in French', async () => {
    const c = await openCampaign(t, staff)
    const a = await addAnimal(t, staff, c.id)
    const answers = await Promise.all(
      clients.map((cookie) => post(t, '/_api/campaigns/reserve', { animalId: a.id }, cookie)),
    )
    const won = answers.filter((r) => r.statusCode === 200)
    const lost = answers.filter((r) => r.statusCode !== 200)
    expect(won).toHaveLength(1)
    expect(new Set(lost.map((r) => r.statusCode))).toEqual(new Set([409]))
    expect(lost[0]!.json().error).toBe(
      'Cet animal vient d’être réservé par un autre client. Choisissez-en un autre.',
    )
    const rows = await t.db.select().from(campaignReservations).where(eq(campaignReservations.animalId, a.id))
    expect(rows).toHaveLength(1)
    const [animal] = await t.db.select().from(campaignAnimals).where(eq(campaignAnimals.id, a.id))
    expect(animal!.status).toBe('held')
  })

  it('100 clients for the last 3 of a share: exactly 3 get one, the stock ends at 0', async () => {
    const c = await openCampaign(t, staff)
    const share = await addShare(t, staff, c.id, 3)
    const answers = await Promise.all(
      clients.map((cookie) => post(t, '/_api/campaigns/reserve', { shareId: share.id }, cookie)),
    )
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3)
    const refused = answers.find((r) => r.statusCode !== 200)!
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toBe('Il ne reste plus de cette part. Choisissez-en une autre.')
    const [row] = await t.db.select().from(campaignShares).where(eq(campaignShares.id, share.id))
    expect(row!.stock).toBe(0)
    const held = await t.db
      .select()
      .from(campaignReservations)
      .where(eq(campaignReservations.shareId, share.id))
    expect(held).toHaveLength(3)
  })

  /** Moves a reservation's hold into the past (its 15 minutes over), without waiting. */
  const expire = (id: number) =>
    t.db
      .update(campaignReservations)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(campaignReservations.id, id))

  it('a hold past its 15 minutes: the animal is available again on the next read, and another client takes it', async () => {
    const c = await openCampaign(t, staff)
    const a = await addAnimal(t, staff, c.id)
    const first = await reserveAnimal(t, clients[0]!, a.id)
    const second = await post(t, '/_api/campaigns/reserve', { animalId: a.id }, clients[1]!)
    expect(second.statusCode).toBe(409)
    await expire(first.id)
    const animals = decode<{ animals: { id: number; status: string }[] }>(
      (await get(t, `/_api/campaigns/animals?campaignId=${c.id}`)).body,
    ).animals
    expect(animals.find((x) => x.id === a.id)!.status).toBe('available')
    expect((await publicView(t, first.payToken)).status).toBe('expired')
    const again = await reserveAnimal(t, clients[1]!, a.id)
    expect(again.status).toBe('held')
    // The expired one takes no payment.
    const late = await post(t, '/_api/campaigns/pay', {
      token: first.payToken,
      amount: first.depositAmount,
      wallet: 'Wave',
    })
    expect(late.statusCode).toBe(409)
    expect(late.json().error).toBe(
      'Cette réservation a expiré : l’acompte n’a pas été payé à temps. Réservez à nouveau.',
    )
  })

  it('the reservation itself returns an expired hold first: the next client gets the animal without any read', async () => {
    const c = await openCampaign(t, staff)
    const a = await addAnimal(t, staff, c.id)
    const first = await reserveAnimal(t, clients[2]!, a.id)
    await expire(first.id)
    const next = await reserveAnimal(t, clients[3]!, a.id)
    expect(next.status).toBe('held')
  })

  it('the housekeeping returns expired holds of every campaign: animals available, shares back in stock', async () => {
    const c = await openCampaign(t, staff)
    const a = await addAnimal(t, staff, c.id)
    const share = await addShare(t, staff, c.id, 1)
    const r1 = await reserveAnimal(t, clients[4]!, a.id)
    const r2 = decode<{ reservation: { id: number } }>(
      (await post(t, '/_api/campaigns/reserve', { shareId: share.id }, clients[5]!)).body,
    ).reservation
    // A hold still within its time is kept.
    const c2 = await openCampaign(t, staff)
    const kept = await addAnimal(t, staff, c2.id)
    await reserveAnimal(t, clients[6]!, kept.id)
    await expire(r1.id)
    await expire(r2.id)
    expect(await releaseExpiredHolds(t.db)).toBe(2)
    const [animal] = await t.db.select().from(campaignAnimals).where(eq(campaignAnimals.id, a.id))
    expect(animal!.status).toBe('available')
    const [s] = await t.db.select().from(campaignShares).where(eq(campaignShares.id, share.id))
    expect(s!.stock).toBe(1)
    const [k] = await t.db.select().from(campaignAnimals).where(eq(campaignAnimals.id, kept.id))
    expect(k!.status).toBe('held')
    expect(await releaseExpiredHolds(t.db)).toBe(0)
  })
})
