import { eq, sql } from 'drizzle-orm'
import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { reportCountry } from '@/server/services/money/cash-report'
import { countries } from '@/server/db/schema'
import { providerFaults, reconciliation } from '@/server/services/money/payments'

export default defineEndpoint({
  call: paymentCalls.reconciliation,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'A day of a country’s mobile money: every attempt, with its state, against its order (missing, owing, refund, extra, amount different), and the providers that refuse the shop’s key',
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
    const [country] = await db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.id, countryId))
    return {
      date,
      countryId,
      faults: await providerFaults(db, country?.code ?? ''),
      rows: await reconciliation(db, countryId, date),
    }
  },
})
