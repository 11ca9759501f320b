import { placeCalls } from '@/shared/calls'
import { cities } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { countryNotFound, findCityInScope, findCountry, uniquely } from '@/server/services/delivery/places'
import { assertInScope } from '@/server/services/scope'

export const cityTaken = 'Une ville portant ce nom existe déjà dans ce pays.'

export default defineEndpoint({
  call: placeCalls.createCity,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary: 'Create a city: root in any country, a super_admin in its own',
  async handler({ input, user, db, reply }) {
    assertInScope(user, input.countryId, countryNotFound)
    await findCountry(db, input.countryId)
    const [row] = await uniquely(cityTaken, () =>
      db
        .insert(cities)
        .values({ name: input.name, countryId: input.countryId, isActive: input.isActive ?? true })
        .returning({ id: cities.id }),
    )
    reply.status(201)
    return { city: await findCityInScope(db, user, row!.id) }
  },
})
