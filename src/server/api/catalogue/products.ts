import { storefrontCalls } from '../../../shared/calls'
import { defineEndpoint } from '../../http/define-endpoint'
import { publicProducts, toPublicProduct } from '../../services/storefront'
import { sendCached } from '../../services/storefront-cache'

const frenchOrder = new Intl.Collator('fr')

export default defineEndpoint({
  call: storefrontCalls.products,
  roles: 'public',
  summary: "The catalogue: every country's active products (cards mark those of other countries)",
  async handler({ db, deps, req, reply }) {
    // Serialized once and cached (services/storefront-cache.ts): the same for every visitor.
    const answer = await deps.storefrontCache.get('products', async () => {
      const rows = await publicProducts(db)
      // French order ('Côte' before 'Cuisse'), which the database's C collation does not give.
      rows.sort((a, b) => frenchOrder.compare(a.name, b.name) || a.id - b.id)
      return { products: rows.map(toPublicProduct) }
    })
    return sendCached(req, reply, answer)
  },
})
