import { productCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { dailyQuantityStepError } from '@/shared/schemas/products'
import { products } from '@/server/db/schema'
import { badRequest } from '@/server/http/errors'
import {
  assertCountryPreparations,
  dropOtherCountriesOffers,
  writeProductPreparations,
} from '@/server/services/catalogue/preparations'
import { defineEndpoint } from '@/server/http/define-endpoint'
import {
  assertCategory,
  assertMinQuantityStep,
  findProductInScope,
  productCountryFor,
} from '@/server/services/catalogue/products'

export default defineEndpoint({
  call: productCalls.update,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary: 'Edit or toggle a product; a super_admin cannot move it out of its country',
  async handler({ input: { id, preparations, ...changes }, user, db }) {
    const current = await findProductInScope(db, user, id)
    if (changes.countryId !== undefined)
      changes.countryId = await productCountryFor(db, user, changes.countryId)
    await assertCategory(db, changes.categoryId)
    assertMinQuantityStep(changes.unitType ?? current.unitType, changes.minQuantity ?? current.minQuantity)
    // A daily quantity stays on the unit's step (docs/rules/catalogue.md#stock): 2.5 kg cannot become 2.5 pieces.
    const dailyStep =
      current.dailyQuantity === null
        ? undefined
        : dailyQuantityStepError(changes.unitType ?? current.unitType, current.dailyQuantity)
    if (dailyStep) throw badRequest(dailyStep, { unitType: [dailyStep] })
    // docs/rules/catalogue.md#preparations: of the country the product ends in; a product moved
    // to another country keeps none of its former country's.
    const countryId = changes.countryId ?? current.countryId
    await assertCountryPreparations(db, countryId, preparations)
    if (preparations) await writeProductPreparations(db, id, preparations)
    else if (countryId !== current.countryId) await dropOtherCountriesOffers(db, [id], countryId)
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
    if (Object.keys(set).length === 0)
      return { product: preparations ? await findProductInScope(db, user, id) : current }
    if ('description' in set) set.description = set.description || null
    await db
      .update(products)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(products.id, id))
    return { product: await findProductInScope(db, user, id) }
  },
})
