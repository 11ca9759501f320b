import { productCalls } from '@/shared/calls'
import { products } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { assertCountryPreparations, writeProductPreparations } from '@/server/services/catalogue/preparations'
import { assertCategory, findProductInScope, productCountryFor } from '@/server/services/catalogue/products'

export default defineEndpoint({
  call: productCalls.create,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary: "Create a product, inactive unless said otherwise; a super_admin's lands in its own country",
  async handler({ input, user, db, reply }) {
    const countryId = await productCountryFor(db, user, input.countryId)
    await assertCategory(db, input.categoryId)
    await assertCountryPreparations(db, countryId, input.preparations)
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
        origin: input.origin ?? null,
        halal: input.halal ?? false,
        slaughterDay: input.slaughterDay ?? null,
      })
      .returning({ id: products.id })
    // docs/rules/catalogue.md#preparations
    if (input.preparations) await writeProductPreparations(db, row!.id, input.preparations)
    reply.status(201)
    return { product: await findProductInScope(db, user, row!.id) }
  },
})
