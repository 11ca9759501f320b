import { storefrontCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { storefrontAnswer } from '@/server/services/catalogue/storefront'

export default defineEndpoint({
  call: storefrontCalls.featured,
  roles: 'public',
  summary:
    "Home page products: the featured ones, then the newest active ones (8 at most), or one country's (countryId)",
  async handler({ input: { countryId }, db, deps }) {
    // Serialized once and cached (services/catalogue/storefront.ts, storefrontAnswer).
    return storefrontAnswer(deps.storefrontCache, db, 'featured', countryId)
  },
})
