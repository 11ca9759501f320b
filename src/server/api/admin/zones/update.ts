import { eq } from 'drizzle-orm'
import { updateZoneInput } from '../../../../shared/schemas/places'
import { zones } from '../../../db/schema'
import { defineEndpoint } from '../../../http/define-endpoint'
import { findZoneInScope, uniquely } from '../../../services/places'
import { zoneTaken } from './create'

export default defineEndpoint({
  method: 'POST',
  path: '/_api/admin/zones/update',
  input: updateZoneInput,
  roles: ['root', 'super_admin'],
  summary: "Rename or toggle a zone; a deactivated zone leaves the storefront's choices",
  async handler({ input: { id, ...changes }, user, db }) {
    const current = await findZoneInScope(db, user, id)
    if (changes.name === undefined && changes.isActive === undefined) return { zone: current }
    await uniquely(zoneTaken, () => db.update(zones).set(changes).where(eq(zones.id, id)))
    return { zone: await findZoneInScope(db, user, id) }
  },
})
