import { productCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { createPreparation } from '@/server/services/catalogue/preparations'

export default defineEndpoint({
  call: productCalls.createPreparation,
  roles: ['root', 'super_admin'],
  summary: "Add a preparation to a country's list: a super_admin's own, root's chosen one",
  async handler({ input, user, db, reply }) {
    const preparation = await createPreparation(db, user, input)
    reply.status(201)
    return { preparation }
  },
})
