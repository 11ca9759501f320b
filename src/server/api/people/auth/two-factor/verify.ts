import { authCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { users } from '@/server/db/schema'
import { challengeToken } from '@/server/http/auth-context'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { HttpError, tooManyRequests } from '@/server/http/errors'
import { EXPIRED_SIGN_IN, openSession } from '@/server/services/people/sign-in'
import { acceptSecondFactor, endChallenge, readChallenge } from '@/server/services/people/two-factor'

export default defineEndpoint({
  call: authCalls.verifySecondFactor,
  roles: 'public',
  summary: 'The second step of a staff sign-in: a code of the authenticator, or a recovery code',
  async handler({ input, db, deps, req, reply }) {
    const token = challengeToken(req)
    const pending = await readChallenge(db, token)
    if (!pending || pending.challenge.purpose !== 'code') {
      throw new HttpError(401, 'UNAUTHORIZED', EXPIRED_SIGN_IN)
    }
    // The same count as the password's (per account and IP): a wrong code is a failed sign-in
    // (docs/rules/people.md#accounts, docs/security.md "Staff two-factor").
    const key = `${pending.email.toLowerCase()}|${req.ip}`
    const wait = await deps.loginLimiter.reserve(key)
    if (wait > 0) {
      throw tooManyRequests(
        `Trop de tentatives de connexion. Réessayez dans ${Math.ceil(wait / 60)} minute(s).`,
      )
    }
    const userId = pending.challenge.userId
    if (!(await acceptSecondFactor(db, deps.config, userId, input.code))) {
      throw new HttpError(401, 'INVALID_CREDENTIALS', 'Code incorrect ou déjà utilisé.')
    }
    await deps.loginLimiter.reset(key)
    await endChallenge(db, token!)
    await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId))
    return openSession(db, deps.config, req, reply, userId)
  },
})
