import { placeCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { SLOT_ORDER_MESSAGE } from '@/shared/schemas/slots'
import { deliverySlots } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { badRequest } from '@/server/http/errors'
import { findSlotInScope } from '@/server/services/delivery/delivery-slots'
import { uniquely } from '@/server/services/delivery/places'
import { slotTaken } from './create'

export default defineEndpoint({
  call: placeCalls.updateSlot,
  roles: ['root', 'super_admin'],
  summary:
    'Change a slot’s times, capacity or cut-off, or toggle it; orders already placed keep their slot and place',
  async handler({ input: { id, ...changes }, user, db }) {
    const current = await findSlotInScope(db, user, id)
    if (Object.values(changes).every((v) => v === undefined)) return { slot: current }
    const startsAt = changes.startsAt ?? current.startsAt
    const endsAt = changes.endsAt ?? current.endsAt
    if (endsAt <= startsAt) throw badRequest(SLOT_ORDER_MESSAGE, { endsAt: [SLOT_ORDER_MESSAGE] })
    await uniquely(slotTaken, () => db.update(deliverySlots).set(changes).where(eq(deliverySlots.id, id)))
    return { slot: await findSlotInScope(db, user, id) }
  },
})
