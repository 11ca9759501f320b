import { placeCalls } from '@/shared/calls'
import { deliverySlots } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findSlotInScope } from '@/server/services/delivery/delivery-slots'
import { findCityInScope, uniquely } from '@/server/services/delivery/places'
import { findShopInScope } from '@/server/services/delivery/shops'
import { badRequest } from '@/server/http/errors'

const SHOP_CITY = 'Cette boutique n’est pas dans cette ville.'
export const slotTaken = 'Un créneau commence déjà à cette heure dans cette ville.'

export default defineEndpoint({
  call: placeCalls.createSlot,
  roles: ['root', 'super_admin'],
  summary:
    'Create a delivery slot in a city (local times of its country): root anywhere, a super_admin in its country',
  async handler({ input, user, db, reply }) {
    await findCityInScope(db, user, input.cityId)
    // docs/rules/pickup.md#collection-slots: a shop's slot is in the shop's city.
    if (input.shopId != null) {
      const shop = await findShopInScope(db, user, input.shopId)
      if (shop.cityId !== input.cityId) throw badRequest(SHOP_CITY, { shopId: [SHOP_CITY] })
    }
    const [row] = await uniquely(slotTaken, () =>
      db
        .insert(deliverySlots)
        .values({
          cityId: input.cityId,
          shopId: input.shopId ?? null,
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
