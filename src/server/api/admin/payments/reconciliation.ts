import { sql } from 'drizzle-orm'
import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { reportCountry } from '@/server/services/cash-report'
import { reconciliation } from '@/server/services/payments/service'

export default defineEndpoint({
  call: paymentCalls.reconciliation,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'A day of a country’s mobile money: what the providers said they received against the orders (missing, extra, amount different)',
  async handler({ input, user, db }) {
    const countryId = reportCountry(user, input.countryId)
    const date =
      input.date ??
      String(
        (
          (await db.execute(
            sql`select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as d from countries where id = ${countryId}`,
          )) as unknown as { rows: { d: string }[] }
        ).rows[0]?.d ?? new Date().toISOString().slice(0, 10),
      )
    return { date, countryId, rows: await reconciliation(db, countryId, date) }
  },
})
