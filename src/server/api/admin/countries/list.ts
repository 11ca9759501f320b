import { placeCalls } from '@/shared/calls'
import { asc } from 'drizzle-orm'
import { countries } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { countryColumns } from '@/server/services/places'

export default defineEndpoint({
  call: placeCalls.countries,
  roles: ['root'],
  summary: 'Every country, active or not (root)',
  async handler({ db }) {
    return { countries: await db.select(countryColumns).from(countries).orderBy(asc(countries.name)) }
  },
})
