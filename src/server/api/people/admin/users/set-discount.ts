import { mustExist } from '@/server/http/errors'
import { userCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { users } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findAdminUser, findUserInReach } from '@/server/services/people/user-admin'

export default defineEndpoint({
  call: userCalls.setDiscount,
  roles: ['root'],
  summary: 'Set (0–100, step 0.01) or remove (null) an account’s custom discount; root only',
  async handler({ input, user, db }) {
    const target = await findUserInReach(db, user, input.userId)
    // 0 and null both mean "no discount": pricing applies a discount only above 0.
    await db
      .update(users)
      .set({ customDiscountPercent: input.discountPercent })
      .where(eq(users.id, target.id))
    return { user: mustExist(await findAdminUser(db, target.id)) }
  },
})
