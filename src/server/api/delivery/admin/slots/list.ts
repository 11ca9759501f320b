import { placeCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { cityTimeZone, listSlots } from '@/server/services/delivery/delivery-slots'
import { findCityInScope } from '@/server/services/delivery/places'

export default defineEndpoint({
  call: placeCalls.slots,
  // An admin reads them too, to filter its orders by slot; only managers change them.
  roles: ['root', 'super_admin', 'admin'],
  summary:
    "A city's delivery slots and its country's time zone: root any city, a super_admin or admin its country's",
  async handler({ input, user, db }) {
    await findCityInScope(db, user, input.cityId)
    const [slots, timeZone] = await Promise.all([
      listSlots(db, input.cityId, input.isActive, input.shopId),
      cityTimeZone(db, input.cityId),
    ])
    return { slots, timeZone: timeZone! }
  },
})
