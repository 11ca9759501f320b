import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { campaignReservations, paymentAttempts } from '../../src/server/db/schema'
import { confirmAttempt } from '../../src/server/services/money/payments'
import { decode, get, post } from '../factories'
import type { TestApp } from '../setup/test-app'

// Campaigns' tests (docs/rules/campaigns.md): a campaign, its animals and shares written through
// the staff's calls, reservations and instalments through the public ones.

const DAY = 86_400_000
export const iso = (ms: number) => new Date(ms).toISOString()

/** A campaign open now, written by `staffCookie` (its country). */
export async function openCampaign(t: TestApp, staffCookie: string, over: Record<string, unknown> = {}) {
  const res = await post(
    t,
    '/_api/admin/campaigns/create',
    {
      name: `Tabaski ${Math.random().toString(36).slice(2, 8)}`,
      feastDate: iso(Date.now() + 40 * DAY).slice(0, 10),
      opensAt: iso(Date.now() - DAY),
      closesAt: iso(Date.now() + 30 * DAY),
      balanceDueAt: iso(Date.now() + 35 * DAY),
      ...over,
    },
    staffCookie,
  )
  expect(res.statusCode, res.body).toBe(200)
  return decode<{ campaign: { id: number; countryId: number; name: string } }>(res.body).campaign
}

let tags = 0
export async function addAnimal(t: TestApp, staffCookie: string, campaignId: number, price = 150_000) {
  const res = await post(
    t,
    '/_api/admin/campaigns/animals/create',
    { campaignId, tag: `SN-${++tags}`, breed: 'Ladoum', weightKg: 60, ageMonths: 18, price },
    staffCookie,
  )
  expect(res.statusCode, res.body).toBe(200)
  return decode<{ animal: { id: number; price: number; status: string } }>(res.body).animal
}

export async function addShare(
  t: TestApp,
  staffCookie: string,
  campaignId: number,
  stock: number,
  price = 40_000,
) {
  const res = await post(
    t,
    '/_api/admin/campaigns/shares/create',
    { campaignId, name: 'Un quart', price, stock },
    staffCookie,
  )
  expect(res.statusCode, res.body).toBe(200)
  return decode<{ share: { id: number; stock: number } }>(res.body).share
}

export type Reservation = {
  id: number
  status: string
  total: number
  depositAmount: number
  amountPaid: number
  balance: number
  payToken: string
  payLink: string
}

export async function reserveAnimal(t: TestApp, clientCookie: string, animalId: number) {
  const res = await post(t, '/_api/campaigns/reserve', { animalId }, clientCookie)
  expect(res.statusCode, res.body).toBe(200)
  return decode<{ reservation: Reservation }>(res.body).reservation
}

export type Attempt = {
  id: number
  reference: string
  provider: 'wave' | 'cinetpay'
  amount: number
  checkoutUrl: string | null
}

/** An instalment started from the pay link, by a visitor (no session). */
export async function startPaying(t: TestApp, token: string, amount: number, wallet = 'Wave') {
  const res = await post(t, '/_api/campaigns/pay', { token, amount, wallet })
  expect(res.statusCode, res.body).toBe(200)
  return decode<{ attempt: Attempt }>(res.body).attempt
}

/** The provider takes the money (without notifying), then its status query is asked, as the worker would. */
export async function providerPays(t: TestApp, attempt: Attempt) {
  const fake = t.deps.payments.fake!
  fake.set({ silent: true })
  fake.decide(fake.payment(attempt.reference)!.id, 'pay')
  fake.set({})
}
export const confirm = (t: TestApp, attempt: Attempt) =>
  confirmAttempt(t.db, t.deps.payments, attempt.provider, attempt.reference, 'worker')

export async function publicView(t: TestApp, token: string) {
  const res = await get(t, `/_api/campaigns/reservation?token=${token}`)
  expect(res.statusCode, res.body).toBe(200)
  return decode<{
    reservation: Record<string, unknown> & { status: string; balance: number; amountPaid: number }
  }>(res.body).reservation
}

export async function reservationRow(t: TestApp, id: number) {
  const [r] = await t.db.select().from(campaignReservations).where(eq(campaignReservations.id, id))
  return r!
}
export async function attemptRow(t: TestApp, id: number) {
  const [a] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id))
  return a!
}
