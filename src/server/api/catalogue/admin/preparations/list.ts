import { productCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { listPreparations } from '@/server/services/catalogue/preparations'
import { productCountryFor } from '@/server/services/catalogue/products'

export default defineEndpoint({
  call: productCalls.preparations,
  roles: ['root', 'super_admin'],
  summary:
    "A country's preparations (docs/rules/catalogue.md#preparations): a super_admin's own, root's chosen one",
  async handler({ input, user, db }) {
    const countryId = await productCountryFor(db, user, input.countryId)
    return { preparations: await listPreparations(db, countryId) }
  },
})
