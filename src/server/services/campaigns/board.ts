import { sql } from 'drizzle-orm'
import { reservationStatuses, type ReservationStatus } from '@/shared/domain/campaigns'
import { paymentProviders, walletKey } from '@/shared/domain/payments'
import type { SessionUser } from '@/shared/schemas/auth'
import type { CampaignBoard } from '@/shared/schemas/campaign-setup'
import type { Db } from '@/server/db/client'
import { campaignInScope } from './admin'
import { releaseExpiredHolds } from './items'

// docs/rules/campaigns-staff.md#the-board: what a campaign sold, received and is still owed,
// counted by the database in two statements (no row read into the process).

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** The reservations that owe their balance: the deposit paid, not yet handed over (a hold may expire). */
const OWING: readonly ReservationStatus[] = ['booked', 'paid', 'ready']
/** Overdue: live and not handed over, a balance left past the due date (a hold too, as operations say). */
const LATE: readonly ReservationStatus[] = ['held', 'booked', 'ready']

type StateRow = {
  status: ReservationStatus
  count: number
  total: number
  paid: number
  balance: number
  overdue_count: number
  overdue_amount: number
}
type ProviderRow = {
  label: string
  provider: string
  payments: number
  deposits: number
  instalments: number
  to_give_back: number
}

/** The campaign's board, for staff of its country (another country's: 404). */
export async function campaignBoard(db: Db, user: SessionUser, campaignId: number): Promise<CampaignBoard> {
  const c = await campaignInScope(db, user, campaignId)
  await releaseExpiredHolds(db, campaignId)
  const due = sql`${c.balanceDueAt.toISOString()}::timestamptz`
  const list = (l: readonly ReservationStatus[]) =>
    sql.join(
      l.map((s) => sql`${s}`),
      sql`, `,
    )
  const states = rowsOf<StateRow>(
    await db.execute(sql`
    select r.status,
      count(*)::int as count,
      coalesce(sum(r.price + r.services_amount), 0)::int as total,
      coalesce(sum(r.amount_paid), 0)::int as paid,
      coalesce(sum(r.price + r.services_amount - r.amount_paid), 0)::int as balance,
      (count(*) filter (where r.status in (${list(LATE)})
        and r.amount_paid < r.price + r.services_amount and now() > coalesce(r.due_at, ${due})))::int as overdue_count,
      coalesce(sum(r.price + r.services_amount - r.amount_paid) filter (where r.status in (${list(LATE)})
        and now() > coalesce(r.due_at, ${due})), 0)::int as overdue_amount
    from campaign_reservations r
    where r.campaign_id = ${campaignId}
    group by r.status`),
  )
  // What each paid attempt brought (its amount less what is flagged to give back), the part of it
  // that covered the reservation's deposit (attempts in the order they were made), the rest.
  const providers = rowsOf<ProviderRow>(
    await db.execute(sql`
    with paid as (
      select coalesce(a.wallet, a.provider::text) as label, a.provider::text as provider,
        case when a.refund_status is null then a.amount
             when a.refund_amount is not null then a.amount - a.refund_amount
             else 0 end as received,
        a.amount as amount, r.deposit_amount as deposit, a.reservation_id, a.created_at as at, a.id
      from payment_attempts a
      join campaign_reservations r on r.id = a.reservation_id
      where r.campaign_id = ${campaignId} and a.status = 'paid'
      union all
      -- Cash taken at the shop (docs/rules/campaigns-operations.md#cash), less what was handed back.
      select 'Espèces', 'cash', k.amount - k.given_back, k.amount, r.deposit_amount, k.reservation_id,
        k.created_at, k.id
      from campaign_cash_receipts k
      join campaign_reservations r on r.id = k.reservation_id
      where r.campaign_id = ${campaignId}
      union all
      -- Cash its driver collected at the door on the eve (decision 0082), counted as cash too.
      select 'Espèces', 'cash', e.amount, e.amount, r.deposit_amount, e.reservation_id, e.created_at, e.id
      from cash_entries e
      join campaign_reservations r on r.id = e.reservation_id
      where r.campaign_id = ${campaignId} and e.type = 'collected' and e.amount > 0
    ), ranked as (
      select *, coalesce(sum(received) over (partition by reservation_id order by at, id
        rows between unbounded preceding and 1 preceding), 0) as before from paid
    )
    select label, min(provider) as provider, count(*)::int as payments,
      coalesce(sum(least(received, greatest(deposit - before, 0))), 0)::int as deposits,
      coalesce(sum(received - least(received, greatest(deposit - before, 0))), 0)::int as instalments,
      coalesce(sum(amount - received), 0)::int as to_give_back
    from ranked group by label order by label`),
  )
  const byStatus = new Map(states.map((r) => [r.status, r]))
  const owingRows = states.filter((r) => OWING.includes(r.status))
  const sum = (rows: StateRow[], f: (r: StateRow) => number) => rows.reduce((n, r) => n + f(r), 0)
  return {
    campaignId: c.id,
    name: c.name,
    currency: (await currencyOf(db, c.countryId)) ?? 'XOF',
    balanceDueAt: c.balanceDueAt,
    states: reservationStatuses.map((status) => {
      const r = byStatus.get(status)
      return {
        status,
        count: Number(r?.count ?? 0),
        total: Number(r?.total ?? 0),
        paid: Number(r?.paid ?? 0),
        balance: Number(r?.balance ?? 0),
      }
    }),
    providers: providers.map((p) => ({
      key:
        p.provider === 'cash'
          ? 'cash'
          : (walletKey(p.label) ?? (paymentProviders.find((x) => x === p.provider) as string) ?? p.label),
      label: p.label,
      payments: Number(p.payments),
      deposits: Number(p.deposits),
      instalments: Number(p.instalments),
      toGiveBack: Number(p.to_give_back),
    })),
    received: sum(states, (r) => Number(r.paid)),
    balanceDue: sum(owingRows, (r) => Number(r.balance)),
    overdueCount: sum(states, (r) => Number(r.overdue_count)),
    overdueAmount: sum(states, (r) => Number(r.overdue_amount)),
  }
}

async function currencyOf(db: Db, countryId: number) {
  const rows = rowsOf<{ currency: string }>(
    await db.execute(sql`select currency from countries where id = ${countryId}`),
  )
  return rows[0]?.currency
}
