import { authCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { users } from '@/server/db/schema'
import { setChallengeCookie } from '@/server/http/auth-context'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { HttpError, tooManyRequests } from '@/server/http/errors'
import { openSession } from '@/server/services/people/sign-in'
import { verifyPassword } from '@/server/services/people/passwords'
import { findAccount, limitKeys } from '@/server/services/people/accounts'
import { createChallenge, secondStepOf } from '@/server/services/people/two-factor'

export default defineEndpoint({
  call: authCalls.login,
  roles: 'public',
  summary: 'Sign in with an email or a phone number, and the password',
  async handler({ input, db, deps, req, reply }) {
    // `email` is an e-mail or a phone number (docs/rules/people.md#accounts). A number is counted
    // under its account's e-mail, so both ways in share one count; one that names no account
    // under its international form(s), whatever its spelling.
    const found = await findAccount(db, input.email)
    const who = found ? found.email.toLowerCase() : (await limitKeys(db, input.email)).join(',')
    const key = `${who}|${req.ip}`
    // The attempt is taken before the password is checked, atomically: a burst of guesses in
    // parallel gets at most the limit's number of checks (docs/security/run-time.md "Login limit under a burst").
    const wait = await deps.loginLimiter.reserve(key)
    if (wait > 0) {
      throw tooManyRequests(
        `Trop de tentatives de connexion. Réessayez dans ${Math.ceil(wait / 60)} minute(s).`,
      )
    }
    const ok = await verifyPassword(found?.passwordHash ?? null, input.password)
    // A deactivated account gets the answer of a wrong password, after the same work (the
    // password is checked either way): its answer tells no one that the password was right
    // (docs/rules/people.md#accounts; docs/security/outside-attack.md item 11).
    if (!found || !ok || !found.isActive) {
      throw new HttpError(401, 'INVALID_CREDENTIALS', 'Email ou mot de passe incorrect.')
    }
    // A staff member with a second factor (or who must enrol one) gets no session yet: a pending
    // sign-in, kept on the server, that only the code step or the enrolment reads. The attempt
    // stays counted until the code is right: a password known does not buy more code guesses
    // (docs/rules/people.md#accounts, docs/security.md "Staff two-factor").
    const step = await secondStepOf(db, found)
    if (step) {
      const challenge = await createChallenge(db, found.id, step)
      setChallengeCookie(reply, deps.config, challenge.token, challenge.expiresAt)
      return { twoFactor: step }
    }
    await deps.loginLimiter.reset(key)
    await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, found.id))
    // A new token at every sign-in; the one the browser held, if any, ends.
    return openSession(db, deps.config, req, reply, found.id)
  },
})
