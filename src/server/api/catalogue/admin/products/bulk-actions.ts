import { productCalls } from '@/shared/calls'
import { and, inArray } from 'drizzle-orm'
import { products } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { findCountry } from '@/server/services/delivery/places'
import { notArchived } from '@/server/services/catalogue/products'
import { dropOtherCountriesOffers } from '@/server/services/catalogue/preparations'

const skippedNote = (asked: number, count: number) =>
  asked > count ? ` ${asked - count} produit(s) ignoré(s) (introuvable(s) ou archivé(s)).` : ''

/** Root only: activate, deactivate or move many products at once; archived ones are left alone. */
export default defineEndpoint({
  call: productCalls.bulk,
  roles: ['root'],
  writesStorefront: true,
  summary: 'Bulk toggle_active or move_to_country (root)',
  async handler({ input, db }) {
    const ids = [...new Set(input.productIds)]
    const where = and(inArray(products.id, ids), notArchived)
    const now = new Date()
    if (input.action === 'toggle_active') {
      const rows = await db
        .update(products)
        .set({ isActive: input.isActive, updatedAt: now })
        .where(where)
        .returning({ id: products.id })
      const verb = input.isActive ? 'activé(s)' : 'désactivé(s)'
      return {
        summary: `${rows.length} produit(s) ${verb}.${skippedNote(ids.length, rows.length)}`,
        count: rows.length,
      }
    }
    const country = await findCountry(db, input.targetCountryId)
    const rows = await db
      .update(products)
      .set({ countryId: country.id, updatedAt: now })
      .where(where)
      .returning({ id: products.id })
    // docs/rules/catalogue.md#preparations: the former country's preparations stay behind.
    await dropOtherCountriesOffers(
      db,
      rows.map((r) => r.id),
      country.id,
    )
    return {
      summary: `${rows.length} produit(s) déplacé(s) vers ${country.name}.${skippedNote(ids.length, rows.length)}`,
      count: rows.length,
    }
  },
})
