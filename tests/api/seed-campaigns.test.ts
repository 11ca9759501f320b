import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignReservations, countries } from '../../src/server/db/schema'
import { decode, get } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The demo's campaign (src/server/seed/demo-campaigns.ts, docs/rules/campaigns.md): Tabaski in
 * Sénégal, open, a dozen drawn animals whose pictures are served, shares and slots, reservations
 * in each state whose money is that of their paid attempts.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' })
})
afterAll(() => t.close())

describe('the demo campaign', () => {
  it('is open in Sénégal with 12 animals (pictures served), shares, slots and reservations in each state', async () => {
    const [sn] = await t.db.select().from(countries).where(eq(countries.code, 'SN'))
    const open = decode<{
      campaigns: { id: number; name: string; shares: unknown[]; slots: { kind: string }[] }[]
    }>((await get(t, `/_api/campaigns?countryId=${sn!.id}`)).body).campaigns
    expect(open).toHaveLength(1)
    expect(open[0]!.name).toMatch(/^Tabaski \d{4}$/)
    expect(open[0]!.shares).toHaveLength(2)
    expect(new Set(open[0]!.slots.map((s) => s.kind))).toEqual(new Set(['delivery', 'collection']))
    const animals = decode<{ animals: { tag: string; status: string; photos: string[] }[] }>(
      (await get(t, `/_api/campaigns/animals?campaignId=${open[0]!.id}`)).body,
    ).animals
    expect(animals).toHaveLength(12)
    expect(new Set(animals.map((a) => a.status))).toEqual(
      new Set(['available', 'held', 'booked', 'paid', 'ready', 'delivered']),
    )
    const photo = await get(t, `/images/products/${animals[0]!.photos[0]}/640.webp`)
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/webp')

    const rows = await t.db.select().from(campaignReservations)
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['held', 'booked', 'paid', 'ready', 'delivered']),
    )
    // Each reservation's money is its paid attempts'.
    const sums = (await t.db.execute(sql`
      select r.id, r.amount_paid as paid, coalesce(sum(a.amount), 0)::int as attempts
      from campaign_reservations r left join payment_attempts a on a.reservation_id = r.id and a.status = 'paid'
      group by r.id`)) as unknown as { rows: { paid: number; attempts: number }[] }
    expect(sums.rows.every((s) => Number(s.paid) === Number(s.attempts))).toBe(true)
    // None of it today (the day's figures are the orders'), none a week old (no reminder at start).
    const recent = (await t.db.execute(sql`
      select count(*)::int as n from payment_events
      where reservation_id is not null and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`)) as unknown as {
      rows: { n: number }[]
    }
    expect(Number(recent.rows[0]!.n)).toBe(0)
    expect(rows.every((r) => r.createdAt.getTime() > Date.now() - 7 * 86_400_000)).toBe(true)
    expect(rows.find((r) => r.status === 'paid')!.amountPaid).toBe(
      rows.find((r) => r.status === 'paid')!.price,
    )
  })
})
