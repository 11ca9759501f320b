import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { confirmLinkView, orderOfConfirmToken } from '@/server/services/orders/confirm-link'

export default defineEndpoint({
  call: orderCalls.confirmLink,
  roles: 'public',
  rateLimit: (config) => ({ max: config.CONFIRM_LINK_PER_MINUTE, timeWindow: '1 minute' }),
  summary:
    'What the SMS confirmation link shows whoever holds it: number, slot, lines, total, the client’s first name only (an unknown or replaced link 404, an expired one 409)',
  async handler({ input, db }) {
    const { orderId } = await orderOfConfirmToken(db, input.token)
    return { order: await confirmLinkView(db, orderId) }
  },
})
