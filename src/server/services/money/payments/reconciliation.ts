import { sql } from 'drizzle-orm'
import type { AttemptStatus, PaymentProvider } from '@/shared/domain/payments'
import type { ReconciliationIssue } from '@/shared/schemas/payments'
import type { Executor } from '@/server/db/client'
import type { Attempt } from './records'

// docs/rules/money.md#payments, "Reports": every attempt of a day against its order, or its
// campaign reservation (docs/rules/campaigns-messages.md#money). A gift voucher's attempt has no
// balance to reconcile and is left out (docs/rules/gift-vouchers.md#money).

/**
 * The reconciliation view of one country's day: every attempt made that day, or that a provider
 * said was paid that day, with its state, against its order (its total and what it received), and
 * each order marked paid by mobile money without a paid attempt. Issues, in this order:
 * amount (the provider took another amount), refund (money to give back, or given back), missing
 * (the provider has it, the order counts none of it), owing (the order received money and still
 * owes), extra (the order is paid, no attempt was); none: it agrees. An attempt still open, or
 * expired without a word of payment, shows by its state: the worker keeps asking for 48 hours.
 */
export async function reconciliation(db: Executor, countryId: number, day: string) {
  const rows = await db.execute(sql`
    with c as (select time_zone from countries where id = ${countryId}),
    day_attempts as (
      select a.*, o.payment_status as order_payment, o.status as order_status,
        o.total_amount, o.amount_paid
      from payment_attempts a join orders o on o.id = a.order_id, c
      where o.country_id = ${countryId} and (
        (a.created_at at time zone c.time_zone)::date = ${day}::date
        or exists (select 1 from payment_events e where e.attempt_id = a.id
          and e.type in ('paid', 'amount_mismatch')
          and (e.created_at at time zone c.time_zone)::date = ${day}::date))
    )
    select order_id, null::int as reservation_id, null::text as campaign_name, id as attempt_id,
      reference, provider, status, amount, total_amount, amount_paid,
      case when status = 'mismatch' then 'amount'
           when status = 'paid' and refund_status is not null then 'refund'
           when status = 'paid' and order_payment in ('pending', 'failed') and amount_paid = 0 then 'missing'
           when status = 'paid' and etal_sells(order_status) and order_payment <> 'refunded'
             and amount_paid < total_amount then 'owing'
      end as issue,
      refund_status, refund_amount
    from day_attempts
    union all
    -- docs/rules/campaigns-messages.md#money: a campaign's deposits and instalments, against their
    -- reservation: what it costs and what it received. An instalment is not a debt: no 'owing'.
    select null, r.id, cp.name, a.id, a.reference, a.provider, a.status, a.amount,
      r.price + r.services_amount, r.amount_paid,
      case when a.status = 'mismatch' then 'amount'
           when a.status = 'paid' and a.refund_status is not null then 'refund'
           when a.status = 'paid' and r.amount_paid = 0 then 'missing'
      end,
      a.refund_status, a.refund_amount
    from payment_attempts a join campaign_reservations r on r.id = a.reservation_id
      join campaigns cp on cp.id = r.campaign_id, c
    where cp.country_id = ${countryId} and (
      (a.created_at at time zone c.time_zone)::date = ${day}::date
      or exists (select 1 from payment_events e where e.attempt_id = a.id
        and e.type in ('paid', 'amount_mismatch')
        and (e.created_at at time zone c.time_zone)::date = ${day}::date))
    union all
    select o.id, null, null, null, null, null, null, null, o.total_amount, o.amount_paid, 'extra', null, null
    from orders o, c
    where o.country_id = ${countryId} and o.payment_method = 'mobile_money' and o.payment_status = 'paid'
      and (o.updated_at at time zone c.time_zone)::date = ${day}::date
      and not exists (select 1 from payment_attempts a where a.order_id = o.id and a.status = 'paid')
    order by order_id nulls last, reservation_id, attempt_id`)
  const list = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])
  const num = (v: unknown) => (v == null ? null : Number(v))
  return (list as Record<string, unknown>[]).map((r) => ({
    orderId: num(r.order_id),
    reservationId: num(r.reservation_id),
    campaignName: (r.campaign_name as string | null) ?? null,
    attemptId: num(r.attempt_id),
    reference: (r.reference as string | null) ?? null,
    provider: (r.provider as PaymentProvider | null) ?? null,
    status: (r.status as AttemptStatus | null) ?? null,
    amount: num(r.amount),
    orderTotal: Number(r.total_amount),
    orderPaid: Number(r.amount_paid),
    issue: (r.issue as ReconciliationIssue | null) ?? null,
    refundStatus: (r.refund_status as Attempt['refundStatus']) ?? null,
    refundAmount: num(r.refund_amount),
  }))
}
