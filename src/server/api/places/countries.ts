import { storefrontCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { countries } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { sendCached } from '@/server/services/storefront-cache'

const frenchOrder = new Intl.Collator('fr')

export default defineEndpoint({
  call: storefrontCalls.countries,
  roles: 'public',
  summary: 'Active countries, with their dial codes (registration, checkout)',
  async handler({ db, deps, req, reply }) {
    // Reference data, the same for everyone: serialized once and cached with the storefront
    // (services/storefront-cache.ts), dropped by every write that declares writesStorefront.
    const answer = await deps.storefrontCache.get('countries', async () => {
      const rows = await db
        .select({
          id: countries.id,
          name: countries.name,
          code: countries.code,
          dialCode: countries.dialCode,
          currency: countries.currency,
        })
        .from(countries)
        .where(eq(countries.isActive, true))
      // French order ('Bénin' before 'Burkina Faso'), which the database's C collation does not give.
      return { countries: rows.sort((a, b) => frenchOrder.compare(a.name, b.name)) }
    })
    return sendCached(req, reply, answer)
  },
})
