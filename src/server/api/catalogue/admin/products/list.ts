import { productCalls } from '@/shared/calls'
import { and, asc, eq } from 'drizzle-orm'
import { products } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { countryNotFound } from '@/server/services/delivery/places'
import { notArchived, selectProducts } from '@/server/services/catalogue/products'
import { assertInScope, scopeCountryId } from '@/server/services/scope'
import { findCountryByName } from '@/server/services/people/users'
import { notFound } from '@/server/http/errors'
import { byName } from '@/server/db/queries'

export default defineEndpoint({
  call: productCalls.list,
  roles: ['root', 'super_admin'],
  summary:
    "The catalogue (archived products left out): root all or ?country=name, a super_admin its country's",
  async handler({ input, user, db }) {
    let countryId = scopeCountryId(user)
    if (input.country) {
      const country = await findCountryByName(db, input.country)
      if (!country) throw notFound(countryNotFound)
      assertInScope(user, country.id, countryNotFound)
      countryId = country.id
    }
    const isActive =
      input.isActive ?? (input.status && input.status !== 'all' ? input.status === 'active' : undefined)
    const rows = await selectProducts(db)
      .where(
        and(
          notArchived,
          countryId === null ? undefined : eq(products.countryId, countryId),
          isActive === undefined ? undefined : eq(products.isActive, isActive),
        ),
      )
      .orderBy(...byName(products.name), asc(products.id))
    return { products: rows }
  },
})
