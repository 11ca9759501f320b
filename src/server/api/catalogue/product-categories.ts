import { asc } from 'drizzle-orm'
import { noInput } from '../../../shared/schemas/common'
import { productCategories } from '../../db/schema'
import { defineEndpoint } from '../../http/define-endpoint'

export default defineEndpoint({
  method: 'GET',
  path: '/_api/product-categories',
  input: noInput,
  roles: 'public',
  summary: 'Product categories',
  async handler({ db }) {
    const categories = await db
      .select({ id: productCategories.id, name: productCategories.name })
      .from(productCategories)
      .orderBy(asc(productCategories.name))
    return { categories }
  },
})
