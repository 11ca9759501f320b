import { placeCalls } from '@/shared/calls'
import { DEFAULT_TIME_ZONE, timeZoneByCountryCode } from '@/shared/domain/time-zones'
import { countries } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { shopContacts } from '@/server/services/people/phones'
import { countryColumns, uniquely } from '@/server/services/delivery/places'

export const countryTaken = 'Un pays portant ce nom ou ce code existe déjà.'

export default defineEndpoint({
  call: placeCalls.createCountry,
  roles: ['root'],
  writesStorefront: true,
  summary: 'Create a country (root)',
  async handler({ input, db, reply }) {
    const [country] = await uniquely(countryTaken, () =>
      db
        .insert(countries)
        .values({
          ...input,
          ...shopContacts(input, input.code),
          dialCode: input.dialCode ?? '',
          // The reference zone of its code, unless root picks one (docs/rules/delivery.md#time-zones).
          timeZone: input.timeZone ?? timeZoneByCountryCode[input.code] ?? DEFAULT_TIME_ZONE,
          isActive: input.isActive ?? true,
        })
        .returning(countryColumns),
    )
    reply.status(201)
    return { country: country! }
  },
})
