import { storefrontCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { publicProducts, toPublicProduct } from '@/server/services/storefront'
import { sendCached } from '@/server/services/storefront-cache'

const frenchOrder = new Intl.Collator('fr')

export default defineEndpoint({
  call: storefrontCalls.products,
  roles: 'public',
  summary: "The catalogue: every country's active products, or one country's (countryId)",
  async handler({ input: { countryId }, db, deps, req, reply }) {
    // Serialized once and cached (services/storefront-cache.ts): the same for every visitor of
    // one country. A country's answer is kept only when it has products, so that made-up ids
    // do not fill the cache.
    const answer = await deps.storefrontCache.get(
      countryId === undefined ? 'products' : `products:${countryId}`,
      async () => {
        const rows = await publicProducts(db, countryId)
        // French order ('Côte' before 'Cuisse'), which the database's C collation does not give.
        rows.sort((a, b) => frenchOrder.compare(a.name, b.name) || a.id - b.id)
        return { products: rows.map(toPublicProduct) }
      },
      { keep: (a) => countryId === undefined || a.products.length > 0 },
    )
    return sendCached(req, reply, answer)
  },
})
