import { sql } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/client'
import type { ReservationBooks } from './rush-report'

// After the rush, the server stopped (it waits for the confirmations it started): what the
// database holds, read directly (PGlite serves one process at a time).

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows

export async function readBooks(url: string, animalIds: number[], reservationIds: number[]) {
  const database = openDatabase(url)
  try {
    const db = database.db
    const animals = rows<{ id: number; status: string; reservations: number }>(
      await db.execute(sql`select a.id, a.status::text as status,
          (select count(*)::int from campaign_reservations r where r.animal_id = a.id) as reservations
        from campaign_animals a where a.id in (${sql.join(
          animalIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by a.id`),
    )
    const books = rows<ReservationBooks>(
      await db.execute(sql`select r.id, r.status::text as status, (r.price + r.services_amount)::int as total,
          r.amount_paid::int as "amountPaid",
          count(a.id)::int as attempts,
          (count(a.id) filter (where a.status = 'paid'))::int as "paidAttempts",
          coalesce(sum(a.amount) filter (where a.status = 'paid'), 0)::int as brought,
          coalesce(sum(case when a.refund_status = 'to_do' then coalesce(a.refund_amount, a.amount) else 0 end), 0)::int
            as "flaggedBack"
        from campaign_reservations r left join payment_attempts a on a.reservation_id = r.id
        where r.id in (${sql.join(
          reservationIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by r.id order by r.id`),
    )
    return { animals, books }
  } finally {
    await database.close()
  }
}
