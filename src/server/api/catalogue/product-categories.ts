import { storefrontCalls } from '../../../shared/calls'
import { asc } from 'drizzle-orm'
import { productCategories } from '../../db/schema'
import { defineEndpoint } from '../../http/define-endpoint'

export default defineEndpoint({
  call: storefrontCalls.categories,
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
