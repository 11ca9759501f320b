import { productCalls } from '@/shared/calls'
import { eq, sql } from 'drizzle-orm'
import { dailyQuantityStepError } from '@/shared/schemas/products'
import { products } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { badRequest } from '@/server/http/errors'
import { findProductInScope } from '@/server/services/catalogue/products'

/** Out of stock for the country's day or until further notice, and the daily quantity (docs/rules/catalogue.md#stock). */
export default defineEndpoint({
  call: productCalls.stock,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary:
    "Mark a product out of stock (today, in its country's time zone, or until further notice) and set its daily quantity",
  async handler({ input, user, db }) {
    const product = await findProductInScope(db, user, input.id)
    if (input.dailyQuantity !== null) {
      const message = dailyQuantityStepError(product.unitType, input.dailyQuantity)
      if (message) throw badRequest(message, { dailyQuantity: [message] })
    }
    await db
      .update(products)
      .set({
        outOfStock: input.outOfStock === 'until_further_notice',
        // The day of the product's country: it is in stock again when that day ends there.
        outOfStockOn:
          input.outOfStock === 'today'
            ? sql`(select (now() at time zone c.time_zone)::date from countries c where c.id = ${products.countryId})`
            : null,
        dailyQuantity: input.dailyQuantity,
        updatedAt: new Date(),
      })
      .where(eq(products.id, input.id))
    return { product: await findProductInScope(db, user, input.id) }
  },
})
