import { storefrontCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { activeCountries } from '@/server/services/catalogue/storefront'

export default defineEndpoint({
  call: storefrontCalls.countries,
  roles: 'public',
  summary: 'Active countries, with their dial codes (registration, checkout)',
  async handler({ db, deps }) {
    // Reference data, the same for everyone: serialized once and cached with the storefront
    // (services/catalogue/storefront-cache.ts), dropped by every write that declares writesStorefront; the
    // same entry the server renders / and /products with (web/first-pages.ts).
    return deps.storefrontCache.get('countries', () => activeCountries(db))
  },
})
