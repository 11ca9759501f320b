import { settingsCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { setWeighTolerance } from '@/server/services/orders/weighin'

export default defineEndpoint({
  call: settingsCalls.update,
  roles: ['root'],
  // The delivery terms' cached answer states the tolerance (api/delivery/places/delivery-terms.ts).
  writesStorefront: true,
  summary: 'Sets the weigh-in tolerance (whole percent of the ordered total)',
  async handler({ input, user, db }) {
    return {
      settings: { weighTolerancePercent: await setWeighTolerance(db, user.id, input.weighTolerancePercent) },
    }
  },
})
