import { userCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { canToggleUser } from '@/shared/domain/permissions'
import { users } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { forbidden, mustExist } from '@/server/http/errors'
import { deleteUserSessions } from '@/server/http/session'
import { findAdminUser, findUserInReach } from '@/server/services/people/user-admin'

const OWN_ACCOUNT = 'Vous ne pouvez pas modifier le statut de votre propre compte.'

export default defineEndpoint({
  call: userCalls.toggleStatus,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Activate or deactivate an account (never one’s own); deactivation ends its sessions',
  async handler({ input, user, db, deps }) {
    if (input.userId === user.id) throw forbidden(OWN_ACCOUNT, 'OWN_ACCOUNT')
    const target = await findUserInReach(db, user, input.userId)
    if (!canToggleUser(user, target)) throw forbidden()
    await db.update(users).set({ isActive: input.isActive }).where(eq(users.id, target.id))
    if (!input.isActive) {
      await deleteUserSessions(db, target.id)
      // Its live streams end with its sessions (docs/rules/orders.md#live).
      deps.orderLive.endUser(target.id)
    }
    return { user: mustExist(await findAdminUser(db, target.id)) }
  },
})
