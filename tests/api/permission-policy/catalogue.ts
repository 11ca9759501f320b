import { deliverySlots } from '../../../src/server/db/schema'
import { createProduct } from '../../factories'
import { slotTimes, STAFF, MANAGERS, ROOT, next, freshPreparation, ids, csvIds, type Policy } from './shared'

/** Cities and zones, delivery slots, products and preparations. */
export const cataloguePolicies: Record<string, Policy> = {
  // ---- cities and zones: root all, super_admin own country --------------------------------
  'GET /_api/admin/cities': {
    who: MANAGERS,
    scope: 'list',
    rule: 'Who may do what: cities: root all, super_admin own country',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
    listed: (b) => ({ kind: 'city', ids: ids(b.cities) }),
  },
  'POST /_api/admin/cities': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: cities create: root all, super_admin own country',
    input: ({ f, cc }) => ({ name: `Ville matrice ${next()}`, countryId: f[cc].country.id }),
  },
  'POST /_api/admin/cities/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: cities edit, toggle: root all, super_admin own country',
    input: ({ f, cc }) => ({ id: f[cc].city.id, isActive: true }),
  },
  'GET /_api/admin/zones': {
    who: MANAGERS,
    scope: 'list',
    rule: 'Who may do what: zones: root all, super_admin own country',
    input: ({ f, cc }) => ({ cityId: f[cc].city.id }),
    listed: (b) => ({ kind: 'zone', ids: ids(b.zones) }),
  },
  'POST /_api/admin/zones': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: zones create: root all, super_admin own country',
    input: ({ f, cc }) => ({ name: `Zone matrice ${next()}`, cityId: f[cc].city.id }),
  },
  'POST /_api/admin/zones/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: zones edit, toggle: root all, super_admin own country',
    input: ({ f, cc }) => ({ id: f[cc].zone.id, isActive: true }),
  },
  // ---- delivery slots (docs/rules/delivery.md#delivery-slots): as cities, root all, super_admin own country
  'GET /_api/admin/slots': {
    who: STAFF,
    scope: 'country',
    rule: 'Delivery slots (docs/rules/delivery.md#delivery-slots): read by staff of the country (the orders filter), root all',
    input: ({ f, cc }) => ({ cityId: f[cc].city.id }),
  },
  'POST /_api/admin/slots': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: cities (and their delivery slots) create: root all, super_admin own country',
    // Inactive: the fixtures' orders in that city then need no slot.
    input: ({ f, cc }) => ({
      cityId: f[cc].city.id,
      ...slotTimes(),
      capacity: 5,
      cutoffMinutes: 60,
      isActive: false,
    }),
  },
  'POST /_api/admin/slots/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: cities (and their delivery slots) edit, toggle: root all, super_admin own country',
    input: async ({ f, cc }) => {
      const [slot] = await f.db
        .insert(deliverySlots)
        .values({ cityId: f[cc].city.id, ...slotTimes(), capacity: 5, cutoffMinutes: 60, isActive: false })
        .returning({ id: deliverySlots.id })
      return { id: slot!.id, capacity: 6 }
    },
  },
  // ---- products: root all (plus stats and bulk actions), super_admin own country ----------
  'GET /_api/admin/products': {
    who: MANAGERS,
    scope: 'list',
    rule: 'Who may do what: products: root all, super_admin own country',
    input: ({ f, cc }) => ({ country: f[cc].country.name }),
    listed: (b) => ({ kind: 'product', ids: ids(b.products) }),
  },
  'POST /_api/admin/products': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products create: root all, super_admin own country',
    input: ({ f, cc }) => ({
      name: `Produit matrice ${next()}`,
      pricePerUnit: 1000,
      unitType: 'kg',
      minQuantity: 0.5,
      countryId: f[cc].country.id,
    }),
  },
  'POST /_api/admin/products/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products edit, toggle: root all, super_admin own country',
    input: ({ f, cc }) => ({ id: f[cc].product.id, isActive: true }),
  },
  'POST /_api/admin/products/stock': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products edit (stock is part of the product): root all, super_admin own country',
    input: ({ f, cc }) => ({ id: f[cc].product.id, outOfStock: 'no', dailyQuantity: null }),
  },
  'POST /_api/admin/products/delete': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products delete: root all, super_admin own country',
    input: async ({ f, cc, reaches }) => ({
      id: reaches ? (await createProduct(f.db, { country: cc })).id : f[cc].product.id,
    }),
  },
  'POST /_api/admin/products/photo': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products edit: root all, super_admin own country (a photo is an edit)',
    input: ({ f, cc }) => ({ id: f[cc].product.id }),
  },
  'POST /_api/admin/products/photo/remove': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products edit: root all, super_admin own country (a photo is an edit)',
    input: ({ f, cc }) => ({ id: f[cc].product.id }),
  },
  // docs/rules/catalogue.md#preparations: a country's list, as its products.
  'GET /_api/admin/preparations': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: preparations (a country’s list): root all, super_admin own country',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
  'POST /_api/admin/preparations': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: preparations (a country’s list): root all, super_admin own country',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id, name: `Préparation matrice ${next()}` }),
  },
  'POST /_api/admin/preparations/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: preparations (a country’s list): root all, super_admin own country',
    input: async ({ f, cc }) => ({
      id: await freshPreparation(f, cc),
      name: `Préparation matrice ${next()}`,
    }),
  },
  'POST /_api/admin/preparations/delete': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: preparations (a country’s list): root all, super_admin own country',
    input: async ({ f, cc }) => ({ id: await freshPreparation(f, cc) }),
  },
  'POST /_api/admin/products/bulk-actions': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: products bulk actions: root',
    input: ({ f, cc }) => ({ productIds: [f[cc].product.id], action: 'toggle_active', isActive: true }),
  },
  'GET /_api/admin/products/export': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products (the CSV export of the list): root all, super_admin own country',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
    listed: (b) => ({ kind: 'product', ids: csvIds(b) }),
  },
  'POST /_api/admin/products/import': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products create (an import of a file): root all, super_admin own country',
    input: ({ f, cc }) => ({ mode: 'preview', countryId: f[cc].country.id }),
    file: () => Buffer.from('Nom;Prix (F CFA);Unité\r\nProduit importé;4500;kg\r\n'),
  },
  'GET /_api/admin/product-stats-by-country': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: products stats: root',
    input: () => ({}),
  },
}
