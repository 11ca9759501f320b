import { storefrontCalls } from '@/shared/calls'
import { productCategories } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { byName } from '@/server/db/queries'

export default defineEndpoint({
  call: storefrontCalls.categories,
  roles: 'public',
  summary: 'Product categories',
  async handler({ db }) {
    const categories = await db
      .select({ id: productCategories.id, name: productCategories.name })
      .from(productCategories)
      .orderBy(...byName(productCategories.name))
    return { categories }
  },
})
