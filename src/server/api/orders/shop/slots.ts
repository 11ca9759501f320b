import { clientCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { availableSlots } from '@/server/services/delivery/delivery-slots'

export default defineEndpoint({
  call: clientCalls.slots,
  roles: ['client', 'user'],
  summary: 'The delivery slots a client may pick in a city for the next days, with the places left',
  async handler({ input, db }) {
    return availableSlots(db, input.cityId, input.shopId ?? null)
  },
})
