import { eq } from 'drizzle-orm'
import { setDiscountInput } from '../../../../shared/schemas/users'
import { users } from '../../../db/schema'
import { defineEndpoint } from '../../../http/define-endpoint'
import { findAdminUser, findUserInReach } from '../../../services/user-admin'

export default defineEndpoint({
  method: 'POST',
  path: '/_api/admin/users/set-discount',
  input: setDiscountInput,
  roles: ['root'],
  summary: 'Set (0–100, step 0.01) or remove (null) an account’s custom discount; root only',
  async handler({ input, user, db }) {
    const target = await findUserInReach(db, user, input.userId)
    // 0 and null both mean "no discount": pricing applies a discount only above 0.
    await db.update(users).set({ customDiscountPercent: input.discountPercent }).where(eq(users.id, target.id))
    return { user: await findAdminUser(db, target.id) }
  },
})
