import type { SessionUser } from '@/shared/schemas/auth'
import type { Executor } from '@/server/db/client'
import { notFound } from '@/server/http/errors'
import { countryNotFound, findCountry } from '@/server/services/delivery/places'
import { scopeCountryId } from '@/server/services/scope'

/**
 * The country a report reads (docs/rules/money.md#reports): a staff member's own, whatever it is; another
 * country's id answers 404, as a record out of reach does; root names one or reads them all (null).
 */
export async function reportCountry(db: Executor, user: SessionUser, countryId: number | undefined) {
  const scope = scopeCountryId(user)
  if (scope !== null) {
    if (countryId !== undefined && countryId !== scope) throw notFound(countryNotFound)
    return scope
  }
  return countryId === undefined ? null : (await findCountry(db, countryId)).id
}
