import { clientCalls } from '@/shared/calls'
import { idempotencyKey } from '@/shared/schemas/checkout'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { logFailure } from '@/server/db/outage'
import { badRequest } from '@/server/http/errors'
import { placeOrder } from '@/server/services/orders/checkout'
import { announce } from '@/server/services/orders/order-live'
import { resolvePaymentChoice } from '@/server/services/money/payments'
import { withPickupCode } from '@/server/services/orders/pickup'

export default defineEndpoint({
  call: clientCalls.createOrder,
  roles: ['client', 'user'],
  summary: 'Place an order, priced by the server; an Idempotency-Key header makes retries safe',
  async handler({ input, user, db, deps, req, reply }) {
    const header = req.headers['idempotency-key']
    let key: string | undefined
    if (header !== undefined) {
      const parsed = idempotencyKey.safeParse(header)
      if (!parsed.success) throw badRequest("Clé d'idempotence invalide.")
      key = parsed.data
    }
    // payments (docs/rules/money.md#payments): the method chosen, one of the country's wallets.
    const payment = await resolvePaymentChoice(db, deps.payments, user.countryId, input)
    const { order, created, drewStock } = await placeOrder(db, user, input, {
      idempotencyKey: key,
      pointValue: deps.config.LOYALTY_POINT_VALUE,
      payment,
    })
    // What is left of a daily quantity shows on the storefront (docs/rules/catalogue.md#stock): its cached
    // answers are dropped, here and on the other instances, as after a product's change.
    if (drewStock) await deps.storefrontCache.afterWrite()
    // Staff's live lists (docs/rules/orders.md#live): the new order's 'created' event, announced
    // now that its statement has committed (decision 0057). The order stands if this fails: a
    // stream catches up on what it missed at its next connection.
    const event = order.events[0]
    if (created && event)
      await announce(db, {
        id: event.id,
        orderId: order.id,
        type: 'created',
        to: 'pending',
        countryId: order.countryId,
        driverId: null,
        clientId: order.userId,
      }).catch((err: unknown) => logFailure(req.log, err, 'new order not announced to the live lists'))
    // 201 for a new order, 200 when a retried key answers the order it already created.
    reply.status(created ? 201 : 200)
    // docs/rules/pickup.md#the-code: the client's own answer carries its collection code.
    return { order: created ? order : await withPickupCode(db, order) }
  },
})
