import { campaignSetupCalls } from '@/shared/calls/campaign-setup'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { addAnimalPhoto } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignSetupCalls.animalPhoto,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'Adds a photo to an animal of the caller’s country (ten at most) from a file’s bytes, as a product’s photo is made',
  async handler({ input, bytes, user, db, deps }) {
    return { animal: await addAnimalPhoto(db, deps, user, input.animalId, bytes) }
  },
})
