import { storefrontCalls } from '@/shared/calls'
import { asc } from 'drizzle-orm'
import { productCategories } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'

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
