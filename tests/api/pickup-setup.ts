import { and, eq } from 'drizzle-orm'
import { cities } from '../../src/server/db/schema'
import { countryByCode } from '../factories'
import type { TestApp } from '../setup/test-app'

/** A city of a country by its name (the pickup tests' shops stand in the first zone's city). */
export async function cityNamed(t: TestApp, countryCode: string, name: string) {
  const country = await countryByCode(t.db, countryCode)
  const [city] = await t.db
    .select()
    .from(cities)
    .where(and(eq(cities.countryId, country.id), eq(cities.name, name)))
  return city!
}
