import { authCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { users } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { badRequest, mustExist, tooManyRequests } from '@/server/http/errors'
import { openSession } from '@/server/services/people/sign-in'
import { confirmEnrolment, endChallenge, hasSecondFactor } from '@/server/services/people/two-factor'
import { findSessionUser } from '@/server/services/people/users'
import { enrollingAccount } from '@/server/services/people/sign-in'

const CURRENT_CODE_NEEDED =
  "Pour changer d'application, saisissez aussi un code de l'application actuelle (ou un code de secours)."

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
    // Moving to another app while signed in: the current authenticator (or a recovery code)
    // must agree, so that a session left open on a shared computer cannot take the second
    // factor over (docs/rules/people.md#accounts).
    const replacing = !account.challenge && (await hasSecondFactor(db, account.id))
    if (replacing && !input.currentCode) {
      throw badRequest(CURRENT_CODE_NEEDED, { currentCode: ['Le code actuel est requis.'] })
    }
    const result = await confirmEnrolment(
      db,
      deps.config,
      account.id,
      input.code,
      replacing ? input.currentCode! : null,
    )
    if ('wrong' in result) {
      throw result.wrong === 'code'
        ? badRequest("Ce code ne correspond pas. Saisissez le code à 6 chiffres affiché par l'application.", {
            code: ['Code incorrect.'],
          })
        : badRequest(CURRENT_CODE_NEEDED, { currentCode: ['Code incorrect ou déjà utilisé.'] })
    }
    const codes = result.codes
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
