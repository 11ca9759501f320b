import { placeCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { cities } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findCityInScope, uniquely } from '@/server/services/delivery/places'
import { cityTaken } from './create'

export default defineEndpoint({
  call: placeCalls.updateCity,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary: "Rename or toggle a city; a deactivated city leaves the storefront's choices",
  async handler({ input: { id, ...changes }, user, db }) {
    const current = await findCityInScope(db, user, id)
    if (changes.name === undefined && changes.isActive === undefined) return { city: current }
    await uniquely(cityTaken, () => db.update(cities).set(changes).where(eq(cities.id, id)))
    return { city: await findCityInScope(db, user, id) }
  },
})
