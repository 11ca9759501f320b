import { campaignClientCalls } from '@/shared/calls/campaign-client'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { myReservations } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignClientCalls.mine,
  roles: ['client', 'user'],
  summary:
    'The caller’s own reservations, newest first: status, total, deposit, paid, balance, due date, services chosen (no pay link: it is kept hashed)',
  async handler({ user, db }) {
    return { reservations: await myReservations(db, user.id) }
  },
})
