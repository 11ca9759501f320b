import { authCalls } from '@/shared/calls'
import { users } from '@/server/db/schema'
import { setSessionCookie } from '@/server/http/auth-context'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { badRequest, conflict, isUniqueViolation, mustExist } from '@/server/http/errors'
import { createSession } from '@/server/http/session'
import { hashPassword } from '@/server/services/passwords'
import { phoneOrRefuse } from '@/server/services/phones'
import { findCountryByName, findSessionUser, findUserByEmail } from '@/server/services/users'

const emailTaken = 'Cette adresse email est déjà utilisée.'

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
    if (await findUserByEmail(db, input.email)) throw conflict(emailTaken)
    const passwordHash = await hashPassword(input.password)
    let id: number
    try {
      const [row] = await db
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          displayName: input.displayName,
          phoneNumber,
          city: input.city,
          countryId: country.id,
          role: 'client',
          lastLogin: new Date(),
        })
        .returning({ id: users.id })
      id = row!.id
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(emailTaken)
      throw e
    }
    const { token, expiresAt } = await createSession(db, id)
    setSessionCookie(reply, deps.config, token, expiresAt)
    reply.status(201)
    return { user: mustExist(await findSessionUser(db, id)) }
  },
})
