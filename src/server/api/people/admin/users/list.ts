import { userCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notFound } from '@/server/http/errors'
import { accountsSharingAPhone } from '@/server/services/people/accounts'
import { scopeCountryId } from '@/server/services/scope'
import { selectUsers, UNKNOWN_COUNTRY, visibleUsersWhere } from '@/server/services/people/user-admin'
import { findCountryByName } from '@/server/services/people/users'

export default defineEndpoint({
  call: userCalls.list,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Accounts within reach: root all (or one country by name), others their own country',
  async handler({ input, user, db }) {
    let countryId: number | null = null
    if (input.country) {
      const country = await findCountryByName(db, input.country)
      const scope = scopeCountryId(user)
      // Another country than one's own answers as absent (docs/rules/people.md#who-may-do-what).
      if (!country || (scope !== null && scope !== country.id)) throw notFound(UNKNOWN_COUNTRY)
      countryId = country.id
    }
    const [listed, sharing] = await Promise.all([
      selectUsers(db, visibleUsersWhere(user, countryId)),
      accountsSharingAPhone(db),
    ])
    const shared = new Set(sharing.map((a) => a.id))
    return { users: listed.map((u) => ({ ...u, sharesPhone: shared.has(u.id) })) }
  },
})
