import { userCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { badRequest, forbidden } from '@/server/http/errors'
import { deleteUserSessions } from '@/server/http/session'
import { resetSecondFactor } from '@/server/services/people/two-factor'
import { findUserInReach } from '@/server/services/people/user-admin'

export default defineEndpoint({
  call: userCalls.resetTwoFactor,
  roles: ['root'],
  summary:
    "root takes away another account's second factor (a lost phone): its sessions end, it enrols again at its next sign-in; the history says who",
  async handler({ input, user, db, deps }) {
    if (input.userId === user.id) {
      throw forbidden('Vous ne pouvez pas réinitialiser votre propre double authentification.', 'OWN_ACCOUNT')
    }
    const target = await findUserInReach(db, user, input.userId)
    if (!(await resetSecondFactor(db, target.id, user.id))) {
      throw badRequest("Ce compte n'a pas de double authentification à réinitialiser.")
    }
    await deleteUserSessions(db, target.id)
    deps.orderLive.endUser(target.id)
    return { success: true as const }
  },
})
