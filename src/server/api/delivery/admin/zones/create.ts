import { placeCalls } from '@/shared/calls'
import { zones } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findCityInScope, findZoneInScope, uniquely } from '@/server/services/delivery/places'

export const zoneTaken = 'Une zone portant ce nom existe déjà dans cette ville.'

export default defineEndpoint({
  call: placeCalls.createZone,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary: 'Create a delivery zone in a city: root anywhere, a super_admin in its country',
  async handler({ input, user, db, reply }) {
    await findCityInScope(db, user, input.cityId)
    const [row] = await uniquely(zoneTaken, () =>
      db
        .insert(zones)
        .values({
          name: input.name,
          cityId: input.cityId,
          isActive: input.isActive ?? true,
          deliveryFee: input.deliveryFee,
          minOrderAmount: input.minOrderAmount ?? null,
          freeDeliveryFrom: input.freeDeliveryFrom ?? null,
        })
        .returning({ id: zones.id }),
    )
    reply.status(201)
    return { zone: await findZoneInScope(db, user, row!.id) }
  },
})
