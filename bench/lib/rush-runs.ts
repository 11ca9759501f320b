import type { FakeProviders } from '../../dev/fakes/payments'
import { ANIMAL_TAKEN } from '../../src/server/services/campaigns/reserve'
import { callFigures, type CallFigures } from './rush-report'
import { must, type Answer, type RushClient, type staffCalls } from './rush-setup'

// The two rushes of bench/campaign-rush.ts (docs/rules/campaigns.md#the-rush, #instalments),
// each against the built server, each checked as it goes: a broken rule is written down in
// `broken`, and the bench fails with it.

type Staff = ReturnType<typeof staffCalls>
type Reservation = { id: number; total: number; depositAmount: number; payToken: string }
type Attempt = { id: number; reference: string; amount: number }
type PayLinkView = { status: string; total: number; amountPaid: number; balance: number }

export type ReserveRush = {
  /** Each client alone on an animal nobody else wants: the same call without the crowd. */
  alone: CallFigures
  /** Every answer of every round, and each round's time until all had answered. */
  rush: CallFigures
  rounds: number
  clients: number
  animalIds: number[]
}
export type PayRush = {
  /** One payer at a time: the pay call, then the time until the pay link shows the money. */
  alone: CallFigures
  aloneSeenMs: number[]
  /** Every payer's pay call of every round. */
  rush: CallFigures
  /** Per round: from the 50 paid at the provider at once to the pay link showing all of it counted (its balance 0). */
  paidOffMs: number[]
  /** The shop's answers to the providers' notifications during the rushes. */
  notifications: CallFigures
  rounds: number
  payers: number
  amount: number
  price: number
  deposit: number
  reservationIds: number[]
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** 100 signed-in clients on the last animal at once, `rounds` times; `aloneCount` alone first. */
export async function reserveRush(
  http: RushClient,
  staff: Staff,
  clients: string[],
  o: { rounds: number; aloneCount: number },
  broken: string[],
): Promise<ReserveRush> {
  const campaign = await staff.openCampaign('Tabaski, la ruée')
  const reserve = (animalId: number, cookie: string) =>
    http.post<{ reservation: Reservation }>('/_api/campaigns/reserve', { animalId }, cookie)
  // Warm-up, then each alone: a client, an animal, nobody else.
  for (let i = 0; i < 3; i++)
    must('warm-up', await reserve((await staff.addAnimal(campaign.id, 150_000)).id, clients[i]!))
  const alone: Answer[] = []
  for (let i = 0; i < o.aloneCount; i++) {
    const animal = await staff.addAnimal(campaign.id, 150_000)
    const a = await reserve(animal.id, clients[i % clients.length]!)
    must('a client alone', a)
    alone.push(a)
  }
  const answers: Answer<unknown>[] = []
  const allMs: number[] = []
  const animalIds: number[] = []
  for (let round = 1; round <= o.rounds; round++) {
    // The last one: every animal before it is held.
    const animal = await staff.addAnimal(campaign.id, 150_000)
    animalIds.push(animal.id)
    await http.warm(clients.length)
    const t0 = performance.now()
    const got = await Promise.all(
      clients.map((cookie) => reserve(animal.id, cookie).catch((e: unknown) => failed(e))),
    )
    allMs.push(Math.max(...got.map((a) => a.end)) - t0)
    answers.push(...got)
    const won = got.filter((a) => a.status === 200).length
    const told = got.filter(
      (a) => a.status === 409 && (a.body as { error?: string } | undefined)?.error === ANIMAL_TAKEN,
    ).length
    if (won !== 1) broken.push(`reserve round ${round}: ${won} clients got the animal, not 1`)
    if (told !== clients.length - 1)
      broken.push(
        `reserve round ${round}: ${told} of ${clients.length - 1} others told « ${ANIMAL_TAKEN} » (statuses ${statusList(got)})`,
      )
    const animals = must(
      'the animals',
      await http.get<{ animals: { id: number; status: string }[] }>(
        `/_api/campaigns/animals?campaignId=${campaign.id}`,
      ),
    ).animals
    const status = animals.find((a) => a.id === animal.id)?.status
    if (status !== 'held') broken.push(`reserve round ${round}: the animal reads ${status}, not held`)
  }
  return {
    alone: callFigures(alone),
    rush: callFigures(answers, allMs),
    rounds: o.rounds,
    clients: clients.length,
    animalIds,
  }
}

const failed = (e: unknown): Answer => ({
  status: 0,
  ms: 0,
  end: performance.now(),
  body: undefined,
  text: String(e),
})

const statusList = (answers: Answer[]) => {
  const counts: Record<string, number> = {}
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1
  return Object.entries(counts)
    .map(([s, n]) => `${s}×${n}`)
    .join(', ')
}

/**
 * Payers on one reservation's balance (`price`, its deposit paid first): `payers` at once each
 * start an instalment of `amount` through the pay link, then all are paid at the provider at the
 * same moment; the provider notifies, the shop asks its status query, as in production. The pay
 * link is read all along: its balance never below 0, what was paid never past the total, never
 * going back.
 */
export async function payRush(
  http: RushClient,
  staff: Staff,
  client: string,
  fake: FakeProviders,
  notified: { ms: number; status: number | null }[],
  o: { rounds: number; payers: number; aloneCount: number; price: number; amount: number },
  broken: string[],
): Promise<PayRush> {
  const campaign = await staff.openCampaign('Tabaski, les versements')
  const view = async (token: string) =>
    must(
      'the pay link',
      await http.get<{ reservation: PayLinkView }>(
        `/_api/campaigns/reservation?token=${encodeURIComponent(token)}`,
      ),
    ).reservation
  const pay = (token: string, amount: number) =>
    http.post<{ attempt: Attempt }>('/_api/campaigns/pay', { token, amount, wallet: 'Wave' })
  /** Reads the pay link until `done` says so (60 s at most), checking every read. */
  async function watch(token: string, what: string, done: (v: PayLinkView) => boolean) {
    const t0 = performance.now()
    let last = -1
    for (;;) {
      const v = await view(token)
      if (v.balance < 0) broken.push(`${what}: the pay link reads a balance of ${v.balance}`)
      if (v.amountPaid > v.total) broken.push(`${what}: ${v.amountPaid} paid of ${v.total}`)
      if (v.balance !== v.total - v.amountPaid) broken.push(`${what}: balance ${v.balance} ≠ total − paid`)
      if (v.amountPaid < last) broken.push(`${what}: what was paid went back, ${last} → ${v.amountPaid}`)
      last = v.amountPaid
      if (done(v)) return performance.now() - t0
      if (performance.now() - t0 > 60_000) {
        broken.push(`${what}: not seen within 60 s (last read: ${JSON.stringify(v)})`)
        return performance.now() - t0
      }
      await sleep(10)
    }
  }
  /** A reserved animal of `price`, its deposit paid and seen booked on the pay link. */
  async function booked(price: number) {
    const animal = await staff.addAnimal(campaign.id, price)
    const r = must(
      'reserve',
      await http.post<{ reservation: Reservation }>(
        '/_api/campaigns/reserve',
        { animalId: animal.id },
        client,
      ),
    ).reservation
    const deposit = must('the deposit', await pay(r.payToken, r.depositAmount)).attempt
    fake.decide(deposit.reference, 'pay')
    await watch(r.payToken, 'the deposit', (v) => v.status === 'booked')
    return r
  }

  // One payer at a time, on a reservation of its own: the call alone, and the money seen alone.
  const single = await booked(o.price)
  const alone: Answer[] = []
  const aloneSeenMs: number[] = []
  let paid = single.depositAmount
  for (let i = 0; i < o.aloneCount; i++) {
    const a = await pay(single.payToken, 1_000)
    alone.push(a)
    fake.decide(must('a payer alone', a).attempt.reference, 'pay')
    paid += 1_000
    aloneSeenMs.push(await watch(single.payToken, 'a payer alone', (v) => v.amountPaid >= paid))
  }
  await fake.idle()

  const answers: Answer[] = []
  const allMs: number[] = []
  const paidOffMs: number[] = []
  const reservationIds = [single.id]
  const heard = notified.length
  for (let round = 1; round <= o.rounds; round++) {
    const r = await booked(o.price)
    reservationIds.push(r.id)
    const what = `pay round ${round}`
    await http.warm(o.payers)
    const t0 = performance.now()
    const got = await Promise.all(
      Array.from({ length: o.payers }, () => pay(r.payToken, o.amount).catch((e: unknown) => failed(e))),
    )
    allMs.push(Math.max(...got.map((a) => a.end)) - t0)
    answers.push(...got)
    const started = got.filter((a) => a.status === 200).map((a) => (a.body as { attempt: Attempt }).attempt)
    // Each started while the whole balance was left: none may be refused.
    if (started.length !== o.payers)
      broken.push(
        `${what}: ${started.length} of ${o.payers} instalments started (statuses ${statusList(got)})`,
      )
    // Every payer pays on the provider's page at the same moment.
    const t1 = performance.now()
    for (const a of started) fake.decide(a.reference, 'pay')
    // Until every payment is counted: the balance at 0 when they bring more than is left.
    const expected = Math.min(r.total, r.depositAmount + started.length * o.amount)
    await watch(r.payToken, what, (v) => v.amountPaid >= expected)
    paidOffMs.push(performance.now() - t1)
    await fake.idle()
  }
  const answersToProvider = notified.slice(heard)
  for (const n of answersToProvider)
    if (n.status !== 200) broken.push(`a notification answered ${n.status ?? 'nothing'}`)
  return {
    alone: callFigures(alone),
    aloneSeenMs,
    rush: callFigures(answers, allMs),
    paidOffMs,
    notifications: callFigures(answersToProvider.map((n) => ({ status: n.status ?? 0, ms: n.ms }))),
    rounds: o.rounds,
    payers: o.payers,
    amount: o.amount,
    price: o.price,
    deposit: single.depositAmount,
    reservationIds,
  }
}
