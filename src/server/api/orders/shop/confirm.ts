import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { confirmByLink, confirmLinkView } from '@/server/services/orders/confirm-link'

export default defineEndpoint({
  call: orderCalls.confirmByLink,
  roles: 'public',
  rateLimit: (config) => ({ max: config.CONFIRM_LINK_PER_MINUTE, timeWindow: '1 minute' }),
  summary:
    '"Je confirme ma commande" with the SMS link, no sign-in: the order waiting for its client is confirmed (by the client), once; a used link or an order confirmed by phone 409, a cancelled order 409, an unknown link 404, an expired one 409',
  async handler({ input, db }) {
    const orderId = await confirmByLink(db, input.token)
    return { order: await confirmLinkView(db, orderId) }
  },
})
