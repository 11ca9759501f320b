import { cashCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { recordHandover } from '@/server/services/money/cash'

export default defineEndpoint({
  call: cashCalls.handover,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Records cash a driver of the caller’s country hands over (remise): its balance goes down, the écart with what it held is kept',
  async handler({ input, user, db }) {
    return recordHandover(db, user, input)
  },
})
