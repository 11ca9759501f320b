import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { reservationByToken } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.reservation,
  roles: 'public',
  summary:
    'What the pay link shows to anyone holding it: status, deposit, paid, balance, due date, the animal or share, the client’s first name only',
  async handler({ input, db }) {
    return { reservation: await reservationByToken(db, input.token) }
  },
})
