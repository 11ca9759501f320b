import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import type { SessionUser } from '@/shared/schemas/auth'
import type { CashReport } from '@/shared/schemas/cash'
import type { Executor } from '@/server/db/client'
import { cashEntries } from '@/server/db/schema'
import { badRequest, notFound } from '@/server/http/errors'
import { entriesQuery, entryView } from './cash'
import { owedOrders } from './partly-paid'
import { tillsOfDay } from './shop-till'
import { scopeCountryId } from '../scope'

const COUNTRY_NOT_FOUND = 'Pays introuvable.'
type Rows<T> = { rows: T[] }
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows

/** The country of the report: staff's own (another answers 404), root's choice (required). */
export function reportCountry(user: SessionUser, countryId: number | undefined) {
  const scope = scopeCountryId(user)
  if (scope === null) {
    if (countryId === undefined)
      throw badRequest('Choisissez un pays.', { countryId: ['Choisissez un pays.'] })
    return countryId
  }
  if (countryId !== undefined && countryId !== scope) throw notFound(COUNTRY_NOT_FOUND)
  return scope
}

/**
 * The daily cash report of one country (docs/rules/money.md#drivers-cash): for a day in the country's
 * time zone (today there by default), per driver and in total, the balance at the start of the
 * day, the deliveries confirmed, the amounts due and collected, the cash handed over, the écart
 * (collections short of due and handovers short of held), the corrections, and what is outstanding at the end of the day. Sums are over the
 * entries counted in that country; `balance` is what the driver holds now, all entries counted.
 * `owed` lists the country's orders that still owe, whatever their day (docs/rules/money.md#partly-paid).
 */
export async function cashReport(
  db: Executor,
  user: SessionUser,
  input: { countryId?: number; date?: string },
): Promise<CashReport> {
  const countryId = reportCountry(user, input.countryId)
  const [place] = rowsOf<{
    id: number
    name: string
    time_zone: string
    day: string
    is_today: boolean
    start_ms: number
    end_ms: number
  }>(
    await db.execute(sql`
      with c as (
        select id, name, time_zone, coalesce(${input.date ?? null}::date, (now() at time zone time_zone)::date) as day,
          (now() at time zone time_zone)::date as today
        from countries where id = ${countryId}
      )
      select id, name, time_zone, to_char(day, 'YYYY-MM-DD') as day, day = today as is_today,
        extract(epoch from (day::timestamp at time zone time_zone)) * 1000 as start_ms,
        extract(epoch from ((day + 1)::timestamp at time zone time_zone)) * 1000 as end_ms
      from c`),
  )
  if (!place) throw notFound(COUNTRY_NOT_FOUND)
  const start = new Date(Number(place.start_ms))
  const end = new Date(Number(place.end_ms))
  const startAt = sql`${start.toISOString()}::timestamptz`
  const endAt = sql`${end.toISOString()}::timestamptz`

  const inDay = sql`e.created_at >= ${startAt} and e.created_at < ${endAt}`
  // docs/rules/money.md#partly-paid: an order's amount due counts once in a day, the due of its
  // first collection that day. A rest collected later that day pays back that collection's gap
  // (its own due, the rest, is already in the first one's), so a short delivery whose rest was
  // collected the same day leaves no écart, and it is one delivery, not two.
  // A reservation's collection (no order, decision 0082) is its only one: it always counts.
  const firstOfDay = sql`not exists (select 1 from cash_entries p where p.order_id = e.order_id
    and p.type = 'collected' and p.id < e.id and p.created_at >= ${startAt} and p.created_at < ${endAt})`
  const dayDue = sql`coalesce(sum(e.amount_due) filter (where e.type = 'collected' and ${inDay} and ${firstOfDay}), 0)`
  const dayCollected = sql`coalesce(sum(e.amount) filter (where e.type = 'collected' and ${inDay}), 0)`
  const driverRows = rowsOf<Record<string, string | number | boolean>>(
    await db.execute(sql`
      select d.id, d.display_name, d.is_active,
        coalesce(sum(e.amount) filter (where e.created_at < ${startAt}), 0) as opening,
        -- decision 0082: a campaign reservation delivered on the eve counts as one delivery.
        count(distinct e.order_id) filter (where e.type = 'collected' and ${inDay})
          + count(distinct e.reservation_id) filter (where e.type = 'collected' and ${inDay}) as deliveries,
        ${dayDue} as amount_due,
        ${dayCollected} as collected,
        coalesce(-sum(e.amount) filter (where e.type = 'handover' and ${inDay}), 0) as handed_over,
        -- docs/rules/money.md#partly-paid: the écart counts the collections' gaps (collected less due)
        -- as well as the handovers' (handed over less held).
        coalesce(sum(-e.amount - e.held_before) filter (where e.type = 'handover' and ${inDay}), 0)
          + ${dayCollected} - ${dayDue} as ecart,
        ${dayCollected} - ${dayDue} as collection_gap,
        coalesce(sum(e.amount) filter (where e.type = 'correction' and ${inDay}), 0) as corrections,
        coalesce(sum(e.amount), 0) as closing,
        (select coalesce(sum(a.amount), 0) from cash_entries a where a.driver_id = d.id) as balance
      from users d
      left join cash_entries e on e.driver_id = d.id and e.country_id = ${countryId} and e.created_at < ${endAt}
      where d.role = 'delivery_driver' and ((d.country_id = ${countryId} and d.is_active)
        or exists (select 1 from cash_entries x where x.driver_id = d.id and x.country_id = ${countryId}))
      group by d.id
      -- French order, as byName (src/server/db/queries.ts)
      order by etal_fold(d.display_name), d.display_name, d.id`),
  )
  const drivers = driverRows.map((r) => ({
    driverId: Number(r.id),
    driverName: String(r.display_name),
    isActive: Boolean(r.is_active),
    opening: Number(r.opening),
    deliveries: Number(r.deliveries),
    amountDue: Number(r.amount_due),
    collected: Number(r.collected),
    handedOver: Number(r.handed_over),
    ecart: Number(r.ecart),
    collectionGap: Number(r.collection_gap),
    corrections: Number(r.corrections),
    closing: Number(r.closing),
    balance: Number(r.balance),
  }))
  const sum = (k: keyof (typeof drivers)[number]) => drivers.reduce((s, d) => s + Number(d[k]), 0)
  const totals = {
    opening: sum('opening'),
    deliveries: sum('deliveries'),
    amountDue: sum('amountDue'),
    collected: sum('collected'),
    handedOver: sum('handedOver'),
    ecart: sum('ecart'),
    collectionGap: sum('collectionGap'),
    corrections: sum('corrections'),
    closing: sum('closing'),
  }

  const entries = await entriesQuery(db)
    .where(
      and(
        eq(cashEntries.countryId, countryId),
        gte(cashEntries.createdAt, start),
        lt(cashEntries.createdAt, end),
      ),
    )
    .orderBy(asc(cashEntries.id))

  // Orders delivered that day (their change to delivered is dated in it) with no cash recorded:
  // no driver to hold it, or none recorded yet. Found from the orders changed since the day's
  // start, so the scan covers the country's delivered orders touched since then.
  const uncollected = rowsOf<{
    id: number
    customer_name: string
    total_amount: number
    driver_name: string | null
  }>(
    await db.execute(sql`
      select o.id, o.customer_name, o.total_amount, drv.display_name as driver_name
      from orders o left join users drv on drv.id = o.delivery_driver_id
      where o.country_id = ${countryId} and o.status = 'delivered' and o.updated_at >= ${startAt}
        and exists (select 1 from order_events ev where ev.order_id = o.id and ev.type = 'status'
          and ev.to_value = 'delivered' and ev.created_at >= ${startAt} and ev.created_at < ${endAt})
        and not exists (select 1 from cash_entries c where c.order_id = o.id)
        -- docs/rules/pickup.md#the-till: taken at a shop's counter; docs/rules/store-credit.md: paid by credit.
        and not exists (select 1 from shop_cash_entries t where t.order_id = o.id)
        and o.credit_used < o.total_amount
        -- docs/rules/money.md#payments: paid by mobile money, nothing was to be collected.
        and not (o.payment_method = 'mobile_money' and o.payment_status = 'paid')
      order by o.id`),
  ).map((r) => ({
    orderId: Number(r.id),
    customerName: r.customer_name,
    totalAmount: Number(r.total_amount),
    driverName: r.driver_name,
  }))

  // docs/rules/money.md#payments: mobile money received that day (the provider's confirmation dated
  // in it), per provider, refunds included (money did come in); the campaigns' deposits and
  // instalments counted with it, and told apart (docs/rules/campaigns-messages.md#money); gift
  // vouchers' payments counted as any (docs/rules/gift-vouchers.md#money).
  const mobileMoney = rowsOf<{
    provider: 'cinetpay' | 'wave'
    payments: number
    amount: number
    campaign_payments: number
    campaign_amount: number
  }>(
    await db.execute(sql`
      select a.provider, count(*) as payments, coalesce(sum(a.amount), 0) as amount,
        count(*) filter (where a.reservation_id is not null) as campaign_payments,
        coalesce(sum(a.amount) filter (where a.reservation_id is not null), 0) as campaign_amount
      from payment_events e join payment_attempts a on a.id = e.attempt_id
        left join orders o on o.id = a.order_id
        left join campaign_reservations r on r.id = a.reservation_id
        left join campaigns cp on cp.id = r.campaign_id
        left join gift_vouchers gv on gv.id = a.voucher_id
      where coalesce(o.country_id, cp.country_id, gv.country_id) = ${countryId} and e.type = 'paid'
        and e.created_at >= ${startAt} and e.created_at < ${endAt}
      group by a.provider order by a.provider`),
  ).map((r) => ({
    provider: r.provider,
    payments: Number(r.payments),
    amount: Number(r.amount),
    campaignPayments: Number(r.campaign_payments),
    campaignAmount: Number(r.campaign_amount),
  }))

  // docs/rules/commerce.md#coupons: what the codes took off the orders delivered that day.
  const [coupon] = rowsOf<{ orders: number; amount: number }>(
    await db.execute(sql`
      select count(*) as orders, coalesce(sum(o.coupon_discount), 0) as amount
      from orders o
      where o.country_id = ${countryId} and o.status = 'delivered' and o.coupon_discount > 0 and o.updated_at >= ${startAt}
        and exists (select 1 from order_events ev where ev.order_id = o.id and ev.type = 'status'
          and ev.to_value = 'delivered' and ev.created_at >= ${startAt} and ev.created_at < ${endAt})`),
  )

  return {
    coupons: { orders: Number(coupon?.orders ?? 0), amount: Number(coupon?.amount ?? 0) },
    mobileMoney,
    tills: await tillsOfDay(db, countryId, start, end),
    owed: await owedOrders(db, countryId),
    country: { id: Number(place.id), name: place.name, timeZone: place.time_zone },
    date: place.day,
    isToday: Boolean(place.is_today),
    drivers,
    totals,
    entries: entries.map(entryView),
    uncollected,
  }
}
