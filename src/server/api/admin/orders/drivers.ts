import { orderCalls } from '@/shared/calls'
import { and, asc, eq } from 'drizzle-orm'
import { users } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findOrderInScope } from '@/server/services/order-admin'

export default defineEndpoint({
  call: orderCalls.drivers,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Active drivers of the order’s country (without orderId: of the caller’s country)',
  async handler({ input, user, db }) {
    const countryId = input.orderId
      ? (await findOrderInScope(db, user, input.orderId)).countryId
      : user.countryId
    if (countryId == null) return { drivers: [] }
    const drivers = await db
      .select({
        id: users.id,
        displayName: users.displayName,
        email: users.email,
        phoneNumber: users.phoneNumber,
        isActive: users.isActive,
      })
      .from(users)
      .where(and(eq(users.role, 'delivery_driver'), eq(users.isActive, true), eq(users.countryId, countryId)))
      .orderBy(asc(users.displayName), asc(users.id))
    return { drivers }
  },
})
