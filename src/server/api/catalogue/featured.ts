import { storefrontCalls } from '@/shared/calls'
import { desc } from 'drizzle-orm'
import { products } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { publicProducts, toPublicProduct } from '@/server/services/storefront'
import { sendCached } from '@/server/services/storefront-cache'

const FEATURED_COUNT = 8

export default defineEndpoint({
  call: storefrontCalls.featured,
  roles: 'public',
  summary:
    "Home page products: the featured ones, then the newest active ones (8 at most), or one country's (countryId)",
  async handler({ input: { countryId }, db, deps, req, reply }) {
    // Serialized once and cached (services/storefront-cache.ts): the same for every visitor of
    // one country; a country's answer kept only when it has products (see products.ts).
    const answer = await deps.storefrontCache.get(
      countryId === undefined ? 'featured' : `featured:${countryId}`,
      async () => {
        // Featured first, then the newest: one query fills the 8 places.
        const rows = await publicProducts(db, countryId)
          .orderBy(desc(products.isFeatured), desc(products.createdAt), desc(products.id))
          .limit(FEATURED_COUNT)
        return { products: rows.map(toPublicProduct) }
      },
      { keep: (a) => countryId === undefined || a.products.length > 0 },
    )
    return sendCached(req, reply, answer)
  },
})
