import { authCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { users } from '@/server/db/schema'
import { setSessionCookie, sessionToken } from '@/server/http/auth-context'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { forbidden, HttpError, tooManyRequests, mustExist } from '@/server/http/errors'
import { createSession, deleteSession } from '@/server/http/session'
import { verifyPassword } from '@/server/services/passwords'
import { findSessionUser, findUserByEmail } from '@/server/services/users'

export default defineEndpoint({
  call: authCalls.login,
  roles: 'public',
  summary: 'Sign in with email and password',
  async handler({ input, db, deps, req, reply }) {
    const key = `${input.email}|${req.ip}`
    // The attempt is taken before the password is checked, atomically: a burst of guesses in
    // parallel gets at most the limit's number of checks (docs/security.md "Login limit under a burst").
    const wait = await deps.loginLimiter.reserve(key)
    if (wait > 0) {
      throw tooManyRequests(
        `Trop de tentatives de connexion. Réessayez dans ${Math.ceil(wait / 60)} minute(s).`,
      )
    }
    const found = await findUserByEmail(db, input.email)
    const ok = await verifyPassword(found?.passwordHash ?? null, input.password)
    if (!found || !ok) {
      throw new HttpError(401, 'INVALID_CREDENTIALS', 'Email ou mot de passe incorrect.')
    }
    if (!found.isActive) throw forbidden("Votre compte est désactivé. Contactez l'administrateur.")
    await deps.loginLimiter.reset(key)

    // A new token at every sign-in; the one the browser held, if any, ends.
    const previous = sessionToken(req)
    if (previous) await deleteSession(db, previous)
    const { token, expiresAt } = await createSession(db, found.id)
    await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, found.id))
    setSessionCookie(reply, deps.config, token, expiresAt)
    return { user: mustExist(await findSessionUser(db, found.id)) }
  },
})
