import { and, eq } from 'drizzle-orm'
import { citiesQuery } from '../../../shared/schemas/storefront'
import { cities, countries } from '../../db/schema'
import { defineEndpoint } from '../../http/define-endpoint'

const frenchOrder = new Intl.Collator('fr')

export default defineEndpoint({
  method: 'GET',
  path: '/_api/cities',
  input: citiesQuery,
  roles: 'public',
  summary: 'Active cities of active countries (checkout cascade), optionally of one country',
  async handler({ db, input }) {
    const rows = await db
      .select({
        id: cities.id,
        name: cities.name,
        isActive: cities.isActive,
        createdAt: cities.createdAt,
        country: { id: countries.id, name: countries.name },
      })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(
        and(
          eq(cities.isActive, true),
          eq(countries.isActive, true),
          input.countryId !== undefined ? eq(cities.countryId, input.countryId) : undefined,
        ),
      )
    // French order, which the database's C collation does not give.
    rows.sort((a, b) => frenchOrder.compare(a.country.name, b.country.name) || frenchOrder.compare(a.name, b.name))
    return { cities: rows }
  },
})
