import { placeCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { countries } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { shopContacts } from '@/server/services/people/phones'
import { countryColumns, findCountry, uniquely } from '@/server/services/delivery/places'
import { countryTaken } from './create'

export default defineEndpoint({
  call: placeCalls.updateCountry,
  roles: ['root'],
  writesStorefront: true,
  summary: "Edit a country or toggle it (root); a deactivated country leaves the storefront's choices",
  async handler({ input: { id, ...changes }, db }) {
    const current = await findCountry(db, id)
    if (Object.values(changes).every((v) => v === undefined)) return { country: current }
    const values = { ...changes, ...shopContacts(changes, changes.code ?? current.code) }
    const [country] = await uniquely(countryTaken, () =>
      db.update(countries).set(values).where(eq(countries.id, id)).returning(countryColumns),
    )
    return { country: country! }
  },
})
