import { authCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { tooManyRequests } from '@/server/http/errors'
import { limitKeys, requestReset } from '@/server/services/people/accounts'
import { messageOrigin } from '@/server/web/site-files'

export default defineEndpoint({
  call: authCalls.forgotPassword,
  roles: 'public',
  summary: 'Ask for a new password: a link by e-mail, or a code by SMS (the same answer for any address)',
  async handler({ input, db, deps, req }) {
    const channel = input.identifier.includes('@') ? ('email' as const) : ('sms' as const)
    // Counted per address or number, whatever its spelling, and per client IP, before any account
    // is looked up (docs/rules/people.md#accounts).
    const waits = [await deps.resetLimiter.ip.reserve(req.ip)]
    for (const key of await limitKeys(db, input.identifier))
      waits.push(await deps.resetLimiter.identifier.reserve(key))
    const wait = Math.max(...waits)
    if (wait > 0)
      throw tooManyRequests(
        `Trop de demandes de nouveau mot de passe. Réessayez dans ${Math.ceil(wait / 60)} minute(s).`,
      )
    // The same work, the same answer and the same time whether an account exists or not.
    await requestReset(db, input.identifier, channel, messageOrigin(deps.config, req), input.countryId)
    return { success: true as const, channel }
  },
})
