import { authCalls } from '@/shared/calls'
import { setSessionCookie } from '@/server/http/auth-context'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { badRequest, mustExist } from '@/server/http/errors'
import { createSession } from '@/server/http/session'
import { phoneOrRefuse } from '@/server/services/people/phones'
import { insertAccount } from '@/server/services/people/user-admin'
import { findCountryByName, findSessionUser } from '@/server/services/people/users'

export default defineEndpoint({
  call: authCalls.register,
  roles: 'public',
  rateLimit: (config) => ({ max: config.REGISTER_PER_HOUR, timeWindow: '1 hour' }),
  summary: 'Create a client account and sign it in',
  async handler({ input, db, deps, reply }) {
    const country = await findCountryByName(db, input.country)
    if (!country || !country.isActive) {
      throw badRequest("Ce pays n'est pas desservi.", { country: ["Ce pays n'est pas desservi."] })
    }
    const phoneNumber = phoneOrRefuse(input.phoneNumber, country.code, 'phoneNumber')
    const id = await insertAccount(db, {
      email: input.email,
      password: input.password,
      displayName: input.displayName,
      city: input.city,
      phoneNumber,
      countryId: country.id,
      role: 'client',
      lastLogin: new Date(),
      // Asked at registration, ticked by default: many clients read SMS, not e-mail
      // (docs/rules/people.md#accounts). A registration always gives a phone.
      notifyBySms: input.smsNotices ?? true,
    })
    const { token, expiresAt } = await createSession(db, id)
    setSessionCookie(reply, deps.config, token, expiresAt)
    reply.status(201)
    return { user: mustExist(await findSessionUser(db, id)) }
  },
})
