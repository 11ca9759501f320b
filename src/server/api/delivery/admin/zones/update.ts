import { placeCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { zones } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findZoneInScope, uniquely } from '@/server/services/delivery/places'
import { zoneTaken } from './create'

export default defineEndpoint({
  call: placeCalls.updateZone,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary:
    "Rename, toggle or set the delivery terms of a zone; a deactivated zone leaves the storefront's choices",
  async handler({ input: { id, ...changes }, user, db }) {
    const current = await findZoneInScope(db, user, id)
    if (Object.values(changes).every((v) => v === undefined)) return { zone: current }
    await uniquely(zoneTaken, () => db.update(zones).set(changes).where(eq(zones.id, id)))
    return { zone: await findZoneInScope(db, user, id) }
  },
})
