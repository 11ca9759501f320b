import { campaignCalls } from '@/shared/calls/campaigns'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { createAnimal } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignCalls.animalCreate,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Adds an animal to a campaign of the caller’s country: tag, breed, weight, age, price, photos',
  async handler({ input, user, db }) {
    return { animal: await createAnimal(db, user, input) }
  },
})
