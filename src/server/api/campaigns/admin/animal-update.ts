import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { updateAnimal } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.animalUpdate,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Edits an animal’s listing; its price only while nobody reserved it (409)',
  async handler({ input, user, db }) {
    return { animal: await updateAnimal(db, user, input) }
  },
})
