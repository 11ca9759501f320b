import { productCalls } from '@/shared/calls'
import { products } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { assertCategory, findProductInScope, productCountryFor } from '@/server/services/products'

export default defineEndpoint({
  call: productCalls.create,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary: "Create a product, inactive unless said otherwise; a super_admin's lands in its own country",
  async handler({ input, user, db, reply }) {
    const countryId = await productCountryFor(db, user, input.countryId)
    await assertCategory(db, input.categoryId)
    const [row] = await db
      .insert(products)
      .values({
        name: input.name,
        description: input.description || null,
        imageUrl: input.imageUrl ?? null,
        pricePerUnit: input.pricePerUnit,
        unitType: input.unitType,
        minQuantity: input.minQuantity,
        categoryId: input.categoryId ?? null,
        countryId,
        isActive: input.isActive ?? false,
        isFeatured: input.isFeatured ?? false,
      })
      .returning({ id: products.id })
    reply.status(201)
    return { product: await findProductInScope(db, user, row!.id) }
  },
})
