import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { conflict } from '@/server/http/errors'
import { orders } from '@/server/db/schema'
import { startAttempt } from '@/server/services/money/payments'
import { eq } from 'drizzle-orm'
import { driversOrder } from '@/server/services/money/payments/own-order'

export default defineEndpoint({
  call: paymentCalls.driverStart,
  roles: ['delivery_driver'],
  summary:
    'At the door: the assigned driver has its in_delivery order paid by mobile money (a QR code and a link to the provider’s page)',
  async handler({ input, user, db, deps }) {
    await driversOrder(db, user, input.orderId)
    const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, input.orderId))
    if (o?.status !== 'in_delivery') throw conflict('Seules les commandes en livraison se paient à la porte.')
    const attempt = await startAttempt(db, deps.payments, user, input.orderId, {
      wallet: null,
      returnPath: '/paiement/merci',
    })
    return { attempt }
  },
})
