import { productCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { deletePreparation } from '@/server/services/catalogue/preparations'

export default defineEndpoint({
  call: productCalls.removePreparation,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary: "Remove a preparation from its country's list and from every product; orders keep theirs",
  async handler({ input, user, db }) {
    await deletePreparation(db, user, input.id)
    return { success: true as const }
  },
})
