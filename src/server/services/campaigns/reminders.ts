import { sql } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'

// docs/rules/campaigns-messages.md#reminders: the balance recalled at the times the campaign sets.

/**
 * Writes the reminders due now, each once per reservation and reminder time, to the outbox (run by
 * the housekeeping every minute; several instances at once write each one once). Reminder times:
 * `week-N`, N weeks after the reservation, while the campaign's `remindWeekly` and before the days
 * of the last reminder; `due-D`, from D days (`remindDaysBefore`) before the balance is due until
 * it is. Only a reservation booked (or ready) that still owes money, a day old at least (the
 * booking's own message said it all). One statement: the reminder's row (its primary key is the
 * once) and its messages to the client's channels, each carrying a pay link of its own.
 */
export async function sendCampaignReminders(db: Executor, now: Date = new Date()) {
  const at = now.toISOString()
  const result = await db.execute(sql`
    with due as (
      select r.id, k.key
      from campaign_reservations r join campaigns c on c.id = r.campaign_id
      cross join lateral (
        select 'due-' || c.remind_days_before as key
        where c.remind_days_before is not null
          and ${at}::timestamptz >= c.balance_due_at - make_interval(days => c.remind_days_before)
          and ${at}::timestamptz < c.balance_due_at
        union all
        select 'week-' || floor(extract(epoch from ${at}::timestamptz - r.created_at) / 604800)::int
        where c.remind_weekly and ${at}::timestamptz >= r.created_at + interval '7 days'
          and ${at}::timestamptz < c.balance_due_at - make_interval(days => coalesce(c.remind_days_before, 0))
      ) k
      where r.status in ('booked', 'ready') and r.amount_paid < r.price + r.services_amount
        and ${at}::timestamptz >= r.created_at + interval '1 day'
    ), written as (
      insert into campaign_reminders (reservation_id, key)
      select id, key from due
      on conflict do nothing
      returning reservation_id, key
    ), messages as (
      insert into outbox_messages (reservation_id, kind, channel, recipient, facts)
      select w.reservation_id, 'campaign_reminder', c.channel,
        case c.channel when 'sms' then u.phone_number else u.email end,
        jsonb_build_object('link', true, 'key', w.key)
      from written w
        join campaign_reservations r on r.id = w.reservation_id
        join users u on u.id = r.user_id
        cross join (values ('email'), ('sms')) as c(channel)
      where (c.channel = 'email' and u.notify_by_email)
        or (c.channel = 'sms' and u.notify_by_sms and u.phone_number is not null)
      returning id
    )
    select (select count(*)::int from written) as reminders, (select count(*)::int from messages) as messages`)
  const rows =
    (result as unknown as { rows?: { reminders: number; messages: number }[] }).rows ??
    (result as unknown as { reminders: number; messages: number }[])
  return { reminders: Number(rows[0]?.reminders ?? 0), messages: Number(rows[0]?.messages ?? 0) }
}
