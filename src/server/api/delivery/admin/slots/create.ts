import { placeCalls } from '@/shared/calls'
import { deliverySlots } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findSlotInScope } from '@/server/services/delivery/delivery-slots'
import { findCityInScope, uniquely } from '@/server/services/delivery/places'

export const slotTaken = 'Un créneau commence déjà à cette heure dans cette ville.'

export default defineEndpoint({
  call: placeCalls.createSlot,
  roles: ['root', 'super_admin'],
  summary:
    'Create a delivery slot in a city (local times of its country): root anywhere, a super_admin in its country',
  async handler({ input, user, db, reply }) {
    await findCityInScope(db, user, input.cityId)
    const [row] = await uniquely(slotTaken, () =>
      db
        .insert(deliverySlots)
        .values({
          cityId: input.cityId,
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          capacity: input.capacity,
          cutoffMinutes: input.cutoffMinutes,
          isActive: input.isActive ?? true,
        })
        .returning({ id: deliverySlots.id }),
    )
    reply.status(201)
    return { slot: await findSlotInScope(db, user, row!.id) }
  },
})
