import { productCalls } from '../../../../shared/calls'
import { and, asc, eq } from 'drizzle-orm'
import { products } from '../../../db/schema'
import { defineEndpoint } from '../../../http/define-endpoint'
import { countryNotFound } from '../../../services/places'
import { notArchived, selectProducts } from '../../../services/products'
import { assertInScope, scopeCountryId } from '../../../services/scope'
import { findCountryByName } from '../../../services/users'
import { notFound } from '../../../http/errors'

export default defineEndpoint({
  call: productCalls.list,
  roles: ['root', 'super_admin'],
  summary: "The catalogue (archived products left out): root all or ?country=name, a super_admin its country's",
  async handler({ input, user, db }) {
    let countryId = scopeCountryId(user)
    if (input.country) {
      const country = await findCountryByName(db, input.country)
      if (!country) throw notFound(countryNotFound)
      assertInScope(user, country.id, countryNotFound)
      countryId = country.id
    }
    const isActive = input.isActive ?? (input.status && input.status !== 'all' ? input.status === 'active' : undefined)
    const rows = await selectProducts(db)
      .where(
        and(
          notArchived,
          countryId === null ? undefined : eq(products.countryId, countryId),
          isActive === undefined ? undefined : eq(products.isActive, isActive),
        ),
      )
      .orderBy(asc(products.name), asc(products.id))
    return { products: rows }
  },
})
