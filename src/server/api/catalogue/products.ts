import { asc } from 'drizzle-orm'
import { noInput } from '../../../shared/schemas/common'
import { products } from '../../db/schema'
import { defineEndpoint } from '../../http/define-endpoint'
import { publicProducts, toPublicProduct } from '../../services/storefront'

export default defineEndpoint({
  method: 'GET',
  path: '/_api/products',
  input: noInput,
  roles: 'public',
  summary: "The catalogue: every country's active products (cards mark those of other countries)",
  async handler({ db }) {
    const rows = await publicProducts(db).orderBy(asc(products.name), asc(products.id))
    return { products: rows.map(toPublicProduct) }
  },
})
