import { paymentCalls } from '@/shared/calls/payments'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { walletsOfCountry } from '@/server/services/money/payments'

export default defineEndpoint({
  call: paymentCalls.wallets,
  roles: ['client', 'user'],
  summary: 'The mobile money wallets the caller’s country offers (those a configured provider takes)',
  async handler({ user, db, deps }) {
    return { wallets: await walletsOfCountry(db, deps.payments, user.countryId) }
  },
})
