import { productCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { products } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import {
  assertCategory,
  assertMinQuantityStep,
  findProductInScope,
  productCountryFor,
} from '@/server/services/products'

export default defineEndpoint({
  call: productCalls.update,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary: 'Edit or toggle a product; a super_admin cannot move it out of its country',
  async handler({ input: { id, ...changes }, user, db }) {
    const current = await findProductInScope(db, user, id)
    if (changes.countryId !== undefined)
      changes.countryId = await productCountryFor(db, user, changes.countryId)
    await assertCategory(db, changes.categoryId)
    assertMinQuantityStep(changes.unitType ?? current.unitType, changes.minQuantity ?? current.minQuantity)
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
    if (Object.keys(set).length === 0) return { product: current }
    if ('description' in set) set.description = set.description || null
    await db
      .update(products)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(products.id, id))
    return { product: await findProductInScope(db, user, id) }
  },
})
