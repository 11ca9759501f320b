import { settingsCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { weighTolerance } from '@/server/services/orders/weighin'

export default defineEndpoint({
  call: settingsCalls.get,
  roles: ['root'],
  summary: "The shop's settings: the weigh-in tolerance",
  async handler({ db }) {
    return { settings: { weighTolerancePercent: await weighTolerance(db) } }
  },
})
