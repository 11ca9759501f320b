import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findOrderInScope } from '@/server/services/orders/order-admin'
import { orderPayments, providerFaults } from '@/server/services/money/payments'
import { countries } from '@/server/db/schema'
import { eq } from 'drizzle-orm'

export default defineEndpoint({
  call: paymentCalls.orderPayments,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'An order’s mobile money: its attempts, payment events (who, which provider, what, when, the raw status) and the providers’ notifications as received',
  async handler({ input, user, db }) {
    const order = await findOrderInScope(db, user, input.orderId)
    const [country] = await db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.id, order.countryId))
    return {
      ...(await orderPayments(db, input.orderId)),
      faults: await providerFaults(db, country?.code ?? ''),
    }
  },
})
