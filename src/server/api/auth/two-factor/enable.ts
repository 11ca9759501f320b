import { authCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { users } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { badRequest, mustExist, tooManyRequests } from '@/server/http/errors'
import { openSession } from '@/server/services/sign-in'
import { confirmEnrolment, endChallenge } from '@/server/services/two-factor'
import { findSessionUser } from '@/server/services/users'
import { enrollingAccount } from '@/server/services/sign-in'

export default defineEndpoint({
  call: authCalls.confirmEnrolment,
  roles: 'public',
  summary:
    'The first code of the new authenticator: enrolled, ten recovery codes shown once (and, at sign-in, the session)',
  async handler({ input, db, deps, req, reply }) {
    const account = await enrollingAccount(db, deps.config, req, reply)
    const key = `${account.email.toLowerCase()}|${req.ip}`
    const wait = await deps.loginLimiter.reserve(key)
    if (wait > 0) {
      throw tooManyRequests(
        `Trop de tentatives de connexion. Réessayez dans ${Math.ceil(wait / 60)} minute(s).`,
      )
    }
    const codes = await confirmEnrolment(db, deps.config, account.id, input.code)
    if (!codes) {
      throw badRequest(
        "Ce code ne correspond pas. Saisissez le code à 6 chiffres affiché par l'application.",
        {
          code: ['Code incorrect.'],
        },
      )
    }
    await deps.loginLimiter.reset(key)
    if (account.challenge) {
      await endChallenge(db, account.challenge)
      await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, account.id))
      const { user } = await openSession(db, deps.config, req, reply, account.id)
      return { recoveryCodes: codes, user }
    }
    return { recoveryCodes: codes, user: mustExist(await findSessionUser(db, account.id)) }
  },
})
