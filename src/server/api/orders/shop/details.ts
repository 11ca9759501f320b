import { clientCalls } from '@/shared/calls'
import { isShopper } from '@/shared/domain/roles'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notFound, mustExist } from '@/server/http/errors'
import { loadOrder, orderOwnership } from '@/server/services/orders/orders'
import { assertInScope } from '@/server/services/scope'
import { withPickupCode } from '@/server/services/orders/pickup'

const NOT_FOUND = 'Commande non trouvée'

export default defineEndpoint({
  call: clientCalls.order,
  roles: ['client', 'user', 'root', 'super_admin', 'admin'],
  summary: "An order: its own client's, or staff's in their country (others' 404); drivers 403",
  async handler({ input, user, db }) {
    const owner = await orderOwnership(db, input.orderId)
    if (!owner) throw notFound(NOT_FOUND)
    if (isShopper(user.role)) {
      if (owner.userId !== user.id) throw notFound(NOT_FOUND)
      // docs/rules/pickup.md#the-code: the client's own order page shows its collection code.
      return { order: await withPickupCode(db, mustExist(await loadOrder(db, input.orderId))) }
    } else {
      assertInScope(user, owner.countryId, NOT_FOUND)
    }
    return { order: mustExist(await loadOrder(db, input.orderId)) }
  },
})
