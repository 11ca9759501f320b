import { storefrontCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { catalogueText } from '@/server/services/storefront'
import { sendCached } from '@/server/services/storefront-cache'

export default defineEndpoint({
  call: storefrontCalls.products,
  roles: 'public',
  summary: "The catalogue: every country's active products, or one country's (countryId)",
  async handler({ input: { countryId }, db, deps, req, reply }) {
    // Serialized once and cached (services/storefront-cache.ts): the same for every visitor of
    // one country. A country's answer is kept only when it has products, so that made-up ids
    // do not fill the cache. A miss is one statement that writes the products' JSON
    // (services/storefront.ts, docs/decisions/0022-cheap-cache-misses.md).
    const answer = await deps.storefrontCache.getText(
      countryId === undefined ? 'products' : `products:${countryId}`,
      async () => {
        const { text, count } = await catalogueText(db, countryId)
        return { text, keep: countryId === undefined || count > 0 }
      },
    )
    return sendCached(req, reply, answer)
  },
})
