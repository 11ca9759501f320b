import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { startReservationAttempt } from '@/server/services/money/payments'

export default defineEndpoint({
  call: campaignCalls.pay,
  roles: 'public',
  loadUser: true,
  summary:
    'An instalment by anyone holding the pay link: an attempt for that amount and its checkout address; 400 naming what is left when it is more; 503 when the provider is down',
  async handler({ input, user, db, deps }) {
    const attempt = await startReservationAttempt(
      db,
      deps.payments,
      user?.id ?? null,
      { token: input.token },
      input,
    )
    return { attempt }
  },
})
