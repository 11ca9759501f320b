import { creditCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { conflict } from '@/server/http/errors'
import { creditStatement, moveCredit } from '@/server/services/money/store-credit'
import { findUserInReach } from '@/server/services/people/user-admin'

export const ONLY_CLIENTS_HAVE_CREDIT = 'Seuls les comptes clients ont un avoir.'

export default defineEndpoint({
  call: creditCalls.grant,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Staff grant store credit to a client of their country, or withdraw some (negative, never below 0: 409), with the reason the client reads',
  async handler({ input, user, db }) {
    const target = await findUserInReach(db, user, input.userId)
    if ((target.role !== 'client' && target.role !== 'user') || target.countryId == null)
      throw conflict(ONLY_CLIENTS_HAVE_CREDIT)
    await db.transaction((tx) =>
      moveCredit(tx, {
        userId: target.id,
        countryId: target.countryId!,
        amount: input.amount,
        kind: 'grant',
        reason: input.reason,
        actorId: user.id,
      }),
    )
    return creditStatement(db, target.id)
  },
})
