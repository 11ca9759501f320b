import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { reserve } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.reserve,
  roles: ['client', 'user'],
  summary:
    'A client reserves an animal or a share: held 15 minutes for its deposit, with a pay link (its token answered once); 409 when another client took it first',
  async handler({ input, user, db, deps }) {
    return { reservation: await reserve(db, user, input, deps.payments.origin) }
  },
})
