import { productCalls } from '@/shared/calls'
import { and, eq } from 'drizzle-orm'
import { products } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findProductInScope, notArchived } from '@/server/services/catalogue/products'

/**
 * Deleting archives (docs/rules/catalogue.md#deleting): the product leaves every list and can no longer
 * be ordered (it is also made inactive and unfeatured), while past orders keep it.
 */
export default defineEndpoint({
  call: productCalls.remove,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary: 'Archive a product',
  async handler({ input, user, db }) {
    await findProductInScope(db, user, input.id)
    const now = new Date()
    await db
      .update(products)
      .set({ archivedAt: now, isActive: false, isFeatured: false, updatedAt: now })
      .where(and(eq(products.id, input.id), notArchived))
    return { success: true as const }
  },
})
