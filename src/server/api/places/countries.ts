import { storefrontCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { activeCountries } from '@/server/services/storefront'

export default defineEndpoint({
  call: storefrontCalls.countries,
  roles: 'public',
  summary: 'Active countries, with their dial codes (registration, checkout)',
  async handler({ db }) {
    return activeCountries(db)
  },
})
