import { campaignClientCalls } from '@/shared/calls/campaign-client'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { startReservationAttempt } from '@/server/services/money/payments'

export default defineEndpoint({
  call: campaignClientCalls.payMine,
  roles: ['client', 'user'],
  summary:
    'An instalment by the reservation’s owner from the account (no pay link needed): the pay link’s rules, the checkout returning to the reservation’s page; another’s reservation 404',
  async handler({ input, user, db, deps }) {
    const attempt = await startReservationAttempt(
      db,
      deps.payments,
      user.id,
      { reservationId: input.reservationId, ownerId: user.id },
      input,
    )
    return { attempt }
  },
})
