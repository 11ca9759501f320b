import { authCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import {
  hasSecondFactor,
  recoveryCodesLeft,
  TWO_FACTOR_ALLOWED,
  TWO_FACTOR_REQUIRED,
} from '@/server/services/people/two-factor'

export default defineEndpoint({
  call: authCalls.twoFactorStatus,
  roles: ['root', 'super_admin', 'admin', 'delivery_driver'],
  summary: "The caller's second factor: enrolled or not, required or not, recovery codes left",
  async handler({ user, db }) {
    return {
      enabled: await hasSecondFactor(db, user.id),
      required: TWO_FACTOR_REQUIRED.includes(user.role),
      allowed: TWO_FACTOR_ALLOWED.includes(user.role),
      recoveryCodesLeft: await recoveryCodesLeft(db, user.id),
    }
  },
})
