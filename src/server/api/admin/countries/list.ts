import { asc } from 'drizzle-orm'
import { noInput } from '../../../../shared/schemas/common'
import { countries } from '../../../db/schema'
import { defineEndpoint } from '../../../http/define-endpoint'
import { countryColumns } from '../../../services/places'

export default defineEndpoint({
  method: 'GET',
  path: '/_api/admin/countries',
  input: noInput,
  roles: ['root'],
  summary: 'Every country, active or not (root)',
  async handler({ db }) {
    return { countries: await db.select(countryColumns).from(countries).orderBy(asc(countries.name)) }
  },
})
