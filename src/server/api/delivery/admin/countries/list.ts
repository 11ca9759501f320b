import { placeCalls } from '@/shared/calls'
import { countries } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { countryColumns } from '@/server/services/delivery/places'
import { byName } from '@/server/db/queries'

export default defineEndpoint({
  call: placeCalls.countries,
  roles: ['root'],
  summary: 'Every country, active or not (root)',
  async handler({ db }) {
    return {
      countries: await db
        .select(countryColumns)
        .from(countries)
        .orderBy(...byName(countries.name)),
    }
  },
})
