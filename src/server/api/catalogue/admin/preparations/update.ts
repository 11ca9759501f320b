import { productCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { renamePreparation } from '@/server/services/catalogue/preparations'

export default defineEndpoint({
  call: productCalls.updatePreparation,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary: 'Rename a preparation; orders keep the name they were placed with',
  async handler({ input, user, db }) {
    return { preparation: await renamePreparation(db, user, input.id, input.name) }
  },
})
