import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cities, productCategories } from '../../src/server/db/schema'
import { countryByCode, createProduct, createUser, decode, get, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * Lists of names in French order (the screen-by-screen walk-through; docs/rules/api.md#names): 'Bénin' before
 * 'Burkina Faso', 'Épaule' before 'Faux-filet', whereas the database's byte order puts every
 * accented capital after Z. Each list the server sorts by name is read here.
 */
let t: TestApp
let root: string
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root', 'SN')).cookie
  const sn = await countryByCode(t.db, 'SN')
  await createProduct(t.db, { country: 'SN', name: 'Faux-filet' })
  await createProduct(t.db, { country: 'SN', name: 'Épaule d’agneau' })
  await createUser(t.db, { role: 'delivery_driver', country: 'SN', displayName: 'Fatou Sarr' })
  await createUser(t.db, { role: 'delivery_driver', country: 'SN', displayName: 'Élodie Faye' })
  await t.db.insert(cities).values([
    { name: 'Fatick', countryId: sn.id },
    { name: 'Éolienne', countryId: sn.id },
  ])
  await t.db.insert(productCategories).values([{ name: 'Fumés' }, { name: 'Épicerie' }])
})
afterAll(() => t.close())

const read = async <T>(url: string) => {
  const res = await get(t, url, root)
  expect(res.statusCode, res.body).toBe(200)
  return decode<T>(res.body)
}
/** Whether `first` comes before `second` in the list of names. */
const before = (names: string[], first: string, second: string) => {
  expect(names).toContain(first)
  expect(names).toContain(second)
  return names.indexOf(first) < names.indexOf(second)
}

describe('names in French order', () => {
  it('countries: the back office, the storefront, the root dashboard', async () => {
    type Named = { name: string }
    const admin = (await read<{ countries: Named[] }>('/_api/admin/countries')).countries.map((c) => c.name)
    expect(before(admin, 'Bénin', 'Burkina Faso')).toBe(true)
    const dashboard = (await read<{ countries: Named[] }>('/_api/dashboard/root')).countries.map(
      (c) => c.name,
    )
    expect(before(dashboard, 'Bénin', 'Burkina Faso')).toBe(true)
  })

  it('products, drivers, cities and categories', async () => {
    const products = (
      await read<{ products: { name: string }[] }>('/_api/admin/products?country=S%C3%A9n%C3%A9gal')
    ).products.map((p) => p.name)
    expect(before(products, 'Épaule d’agneau', 'Faux-filet')).toBe(true)
    const drivers = (await read<{ drivers: { displayName: string }[] }>('/_api/drivers')).drivers.map(
      (d) => d.displayName,
    )
    expect(before(drivers, 'Élodie Faye', 'Fatou Sarr')).toBe(true)
    const adminCities = (await read<{ cities: { name: string }[] }>('/_api/admin/cities')).cities.map(
      (c) => c.name,
    )
    expect(before(adminCities, 'Éolienne', 'Fatick')).toBe(true)
    const categories = (
      await read<{ categories: { name: string }[] }>('/_api/product-categories')
    ).categories.map((c) => c.name)
    expect(before(categories, 'Épicerie', 'Fumés')).toBe(true)
  })
})
