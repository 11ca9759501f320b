import { clientCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notFound } from '@/server/http/errors'
import { orderOwnership } from '@/server/services/orders/orders'
import { answerWeighIn } from '@/server/services/orders/weighin'

const NOT_FOUND = 'Commande non trouvée'

export default defineEndpoint({
  call: clientCalls.weighAnswer,
  roles: ['client', 'user'],
  summary:
    'The client accepts or refuses the weighed total it read of its own order, a refusal with what it wants instead (409 if weighed again since)',
  async handler({ input, user, db }) {
    const owner = await orderOwnership(db, input.orderId)
    if (!owner || owner.userId !== user.id) throw notFound(NOT_FOUND)
    return { order: await answerWeighIn(db, user.id, input.orderId, input.decision, input.total, input.wish) }
  },
})
