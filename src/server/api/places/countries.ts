import { asc, eq } from 'drizzle-orm'
import { noInput } from '../../../shared/schemas/common'
import { countries } from '../../db/schema'
import { defineEndpoint } from '../../http/define-endpoint'

export default defineEndpoint({
  method: 'GET',
  path: '/_api/countries',
  input: noInput,
  roles: 'public',
  summary: 'Active countries, with their dial codes (registration, checkout)',
  async handler({ db }) {
    const rows = await db
      .select({
        id: countries.id,
        name: countries.name,
        code: countries.code,
        dialCode: countries.dialCode,
        currency: countries.currency,
      })
      .from(countries)
      .where(eq(countries.isActive, true))
      .orderBy(asc(countries.name))
    return { countries: rows }
  },
})
