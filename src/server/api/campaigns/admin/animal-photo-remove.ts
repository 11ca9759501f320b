import { campaignSetupCalls } from '@/shared/calls/campaign-setup'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { removeAnimalPhoto } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignSetupCalls.animalPhotoRemove,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Takes a photo off an animal of the caller’s country',
  async handler({ input, user, db }) {
    return { animal: await removeAnimalPhoto(db, user, input.animalId, input.key) }
  },
})
