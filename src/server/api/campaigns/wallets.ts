import { campaignClientCalls } from '@/shared/calls/campaign-client'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { campaignCountryOf } from '@/server/services/campaigns'
import { walletsOfCountry } from '@/server/services/money/payments'

export default defineEndpoint({
  call: campaignClientCalls.wallets,
  roles: 'public',
  summary:
    'The mobile money wallets of a campaign’s country (by its id, or by a pay link’s token): a payer abroad pays in the feast’s country',
  async handler({ input, db, deps }) {
    return { wallets: await walletsOfCountry(db, deps.payments, await campaignCountryOf(db, input)) }
  },
})
