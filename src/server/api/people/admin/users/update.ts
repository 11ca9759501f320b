import { userCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { canEditUser, editableRoles } from '@/shared/domain/permissions'
import { users } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { conflict, forbidden, isUniqueViolation, mustExist } from '@/server/http/errors'
import { deleteUserSessions } from '@/server/http/session'
import {
  countryForAccount,
  EMAIL_TAKEN,
  findAdminUser,
  findUserInReach,
} from '@/server/services/people/user-admin'
import { phoneOrRefuse } from '@/server/services/people/phones'
import { assertPhoneFree } from '@/server/services/people/accounts'
import { countryCodeOf, findUserByEmail } from '@/server/services/people/users'

export default defineEndpoint({
  call: userCalls.update,
  roles: ['root', 'super_admin'],
  summary:
    'Edit an account (root: all but other roots; super_admin: admins, drivers, clients of its country)',
  async handler({ input, user, db, deps }) {
    const target = await findUserInReach(db, user, input.userId)
    if (!canEditUser(user, target)) throw forbidden()
    if (!editableRoles(user, target).includes(input.role)) throw forbidden()
    // Non-root editors keep the account in their own country, as they create them.
    const countryId = await countryForAccount(db, user, input.country)
    const phoneNumber = phoneOrRefuse(input.phoneNumber, await countryCodeOf(db, countryId), 'phoneNumber')
    const other = await findUserByEmail(db, input.email)
    if (other && other.id !== target.id) throw conflict(EMAIL_TAKEN)
    try {
      await db.transaction(async (tx) => {
        // One account per phone number (docs/rules/people.md#accounts). An account keeps its own
        // number, even one shared since before that rule (staff resolve those by changing it).
        if (phoneNumber !== target.phoneNumber) await assertPhoneFree(tx, phoneNumber, target.id)
        await tx
          .update(users)
          .set({
            email: input.email,
            displayName: input.displayName,
            phoneNumber,
            city: input.city,
            countryId,
            role: input.role,
          })
          .where(eq(users.id, target.id))
      })
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(EMAIL_TAKEN)
      throw e
    }
    // A new role or country changes what the account may reach: its sessions end at once.
    if (input.role !== target.role || countryId !== target.countryId) {
      await deleteUserSessions(db, target.id)
      // And its live streams (docs/rules/orders.md#live).
      deps.orderLive.endUser(target.id)
    }
    return { user: mustExist(await findAdminUser(db, target.id)) }
  },
})
