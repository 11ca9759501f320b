import { cashCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { recordCorrection } from '@/server/services/money/cash'

export default defineEndpoint({
  call: cashCalls.correction,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Corrects a driver’s cash balance of the caller’s country with a new signed entry and its reason (entries are never changed)',
  async handler({ input, user, db }) {
    return recordCorrection(db, user, input)
  },
})
