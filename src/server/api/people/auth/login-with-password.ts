import { authCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { users } from '@/server/db/schema'
import { setChallengeCookie } from '@/server/http/auth-context'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { conflict, HttpError, tooManyRequests } from '@/server/http/errors'
import { openSession } from '@/server/services/people/sign-in'
import { limitKeys } from '@/server/services/people/accounts'
import { checkAgainstEach } from '@/server/services/people/passwords'
import { accountsNamed, pickByCountry } from '@/server/services/people/named-accounts'
import { createChallenge, secondStepOf } from '@/server/services/people/two-factor'

export const SEVERAL_ACCOUNTS =
  'Ce numéro et ce mot de passe ouvrent plusieurs comptes : connectez-vous avec votre adresse e-mail.'

const tooMany = (wait: number) =>
  tooManyRequests(`Trop de tentatives de connexion. Réessayez dans ${Math.ceil(wait / 60)} minute(s).`)

export default defineEndpoint({
  call: authCalls.login,
  roles: 'public',
  summary: 'Sign in with an email or a phone number, and the password',
  async handler({ input, db, deps, req, reply }) {
    // `email` is an e-mail or a phone number (docs/rules/people.md#accounts). A number as dialled
    // may name accounts of several countries (the same local digits in Mali and Burkina Faso):
    // the password is checked against each, and the one it opens signs in.
    const { accounts, readings } = await accountsNamed(db, input.email, input.countryId)
    // Each account's attempts are counted under its e-mail, so both ways in share one count; a
    // number that names no account under its international form(s), whatever its spelling. The
    // attempt is taken before any check, atomically: a burst of guesses in parallel gets at most
    // the limit's number of checks per account (docs/security/run-time.md "Login limit under a burst").
    const keys = accounts.length
      ? accounts.map((a) => `${a.email.toLowerCase()}|${req.ip}`)
      : [`${(await limitKeys(db, input.email)).join(',')}|${req.ip}`]
    const waits: number[] = []
    for (const key of keys) waits.push(await deps.loginLimiter.reserve(key))
    if (waits.every((w) => w > 0)) throw tooMany(Math.min(...waits))
    // An account whose count is spent is not checked (a guess at it is not made); the others are.
    const open = accounts.filter((_, i) => waits[i] === 0)
    const opened = await checkAgainstEach(open, input.password, readings)
    // A deactivated account gets the answer of a wrong password, after the same work (the
    // password is checked either way): its answer tells no one that the password was right
    // (docs/rules/people.md#accounts; docs/security/outside-attack.md item 11).
    const live = opened.filter((a) => a.isActive)
    if (live.length === 0) {
      if (waits.some((w) => w > 0)) throw tooMany(Math.max(...waits))
      throw new HttpError(401, 'INVALID_CREDENTIALS', 'Email ou mot de passe incorrect.')
    }
    // The same password opening two accounts of one number: the page's country picks, else the e-mail.
    const found = pickByCountry(live, input.countryId)
    if (!found) throw conflict(SEVERAL_ACCOUNTS)
    const key = keys[accounts.indexOf(found)]!
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
    // Only the account signed in gets its attempts back: the others' stay counted (else a caller
    // who knows one account's password could wipe the count of the other it is guessing at).
    await deps.loginLimiter.reset(key)
    await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, found.id))
    // A new token at every sign-in; the one the browser held, if any, ends.
    return openSession(db, deps.config, req, reply, found.id)
  },
})
