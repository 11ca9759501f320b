import { userCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notFound } from '@/server/http/errors'
import { scopeCountryId } from '@/server/services/scope'
import { selectUsers, UNKNOWN_COUNTRY, visibleUsersWhere } from '@/server/services/user-admin'
import { findCountryByName } from '@/server/services/users'

export default defineEndpoint({
  call: userCalls.list,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Accounts within reach: root all (or one country by name), others their own country',
  async handler({ input, user, db }) {
    let countryId: number | null = null
    if (input.country) {
      const country = await findCountryByName(db, input.country)
      const scope = scopeCountryId(user)
      // Another country than one's own answers as absent (docs/rules.md#who-may-do-what).
      if (!country || (scope !== null && scope !== country.id)) throw notFound(UNKNOWN_COUNTRY)
      countryId = country.id
    }
    return { users: await selectUsers(db, visibleUsersWhere(user, countryId)) }
  },
})
