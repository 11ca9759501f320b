import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cities, countries, productCategories, zones } from '../../src/server/db/schema'
import { countryByCode, createProduct, decode, firstZoneOf, get } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

type Product = {
  id: number
  name: string
  countryName: string
  countryId: number
  category: { id: number; name: string } | null
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const products = async (url: string) => decode<{ products: Product[] }>((await get(t, url)).body).products

describe('GET /_api/featured', () => {
  it('gives the flagged products first, fills up to 8 with the newest active ones, never hidden ones', async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, n))
    const flagged = [
      await createProduct(t.db, { name: 'Vedette ancienne', isFeatured: true, createdAt: day(1) }),
      await createProduct(t.db, {
        name: 'Vedette récente',
        isFeatured: true,
        country: 'ML',
        createdAt: day(2),
      }),
    ]
    await createProduct(t.db, { name: 'Vedette inactive', isFeatured: true, isActive: false })
    await createProduct(t.db, { name: 'Vedette archivée', isFeatured: true, archived: true })
    const plain = []
    for (let i = 0; i < 8; i++)
      plain.push(await createProduct(t.db, { name: `Simple ${i}`, createdAt: day(10 + i) }))

    const list = await products('/_api/featured')
    expect(list.map((p) => p.name)).toEqual([
      'Vedette récente',
      'Vedette ancienne',
      'Simple 7',
      'Simple 6',
      'Simple 5',
      'Simple 4',
      'Simple 3',
      'Simple 2',
    ])
    expect(list[0]).toMatchObject({
      id: flagged[1]!.id,
      countryName: 'Mali',
      pricePerUnit: 1000,
      unitType: 'kg',
      minQuantity: 0.5,
    })
    expect(plain).toHaveLength(8)
  })
})

describe('GET /_api/products', () => {
  it("lists every country's active products with their category and country, for a visitor", async () => {
    const [category] = await t.db.select().from(productCategories).where(eq(productCategories.name, 'Bœuf'))
    const sn = await createProduct(t.db, { name: 'Aaa filet', categoryId: category!.id })
    const ml = await createProduct(t.db, { name: 'Aab mali', country: 'ML' })
    const hidden = await createProduct(t.db, { name: 'Aac caché', isActive: false })
    const archived = await createProduct(t.db, { name: 'Aad archivé', archived: true })
    const list = await products('/_api/products')
    const ids = list.map((p) => p.id)
    expect(ids).toContain(sn.id)
    expect(ids).toContain(ml.id)
    expect(ids).not.toContain(hidden.id)
    expect(ids).not.toContain(archived.id)
    const senegal = await countryByCode(t.db, 'SN')
    expect(list.find((p) => p.id === sn.id)).toMatchObject({
      category: { id: category!.id, name: 'Bœuf' },
      categoryId: category!.id,
      countryId: senegal.id,
      countryName: 'Sénégal',
    })
    expect(list.find((p) => p.id === ml.id)).toMatchObject({ category: null, countryName: 'Mali' })
    const names = list.map((p) => p.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare))
  })

  it('hides the products of a deactivated country', async () => {
    const p = await createProduct(t.db, { country: 'KM', name: 'Produit comorien' })
    const km = await countryByCode(t.db, 'KM')
    await t.db.update(countries).set({ isActive: false }).where(eq(countries.id, km.id))
    expect((await products('/_api/products')).map((x) => x.id)).not.toContain(p.id)
    await t.db.update(countries).set({ isActive: true }).where(eq(countries.id, km.id))
  })

  it('refuses unknown query parameters with a French 400', async () => {
    const res = await get(t, '/_api/products?x=1')
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_ERROR')
  })
})

describe("one country's catalogue: GET /_api/products and /_api/featured with countryId", () => {
  it("answers that country's active products only, in French order, the rest as without it", async () => {
    const sn = await countryByCode(t.db, 'SN')
    const mine = [
      await createProduct(t.db, { name: 'Pays Côte de bœuf' }),
      await createProduct(t.db, { name: 'Pays Cuisse de poulet' }),
    ]
    const other = await createProduct(t.db, { name: 'Pays Malien', country: 'ML' })
    const hidden = await createProduct(t.db, { name: 'Pays caché', isActive: false })
    const archived = await createProduct(t.db, { name: 'Pays archivé', archived: true })
    const all = await products('/_api/products')
    const list = await products(`/_api/products?countryId=${sn.id}`)
    expect(list.length).toBeGreaterThan(1)
    expect(list.every((p) => p.countryId === sn.id && p.countryName === 'Sénégal')).toBe(true)
    const ids = list.map((p) => p.id)
    for (const p of mine) expect(ids).toContain(p.id)
    for (const p of [other, hidden, archived]) expect(ids).not.toContain(p.id)
    // The same rows, in the same order, as the whole catalogue's Senegalese ones.
    expect(list).toEqual(all.filter((p) => p.countryId === sn.id))
    expect(list.map((p) => p.name).filter((n) => n.startsWith('Pays '))).toEqual([
      'Pays Côte de bœuf',
      'Pays Cuisse de poulet',
    ])
    // Without the parameter, every country's, as before.
    expect(all.map((p) => p.id)).toContain(other.id)
  })

  it("gives the home page that country's featured products", async () => {
    const ml = await countryByCode(t.db, 'ML')
    const star = await createProduct(t.db, { name: 'Vedette de Bamako', country: 'ML', isFeatured: true })
    const list = await products(`/_api/featured?countryId=${ml.id}`)
    expect(list.length).toBeGreaterThan(0)
    expect(list.length).toBeLessThanOrEqual(8)
    expect(list.every((p) => p.countryId === ml.id)).toBe(true)
    expect(list[0]!.id).toBe(star.id)
  })

  it('answers an empty list for a country that does not exist or is inactive', async () => {
    expect(await products('/_api/products?countryId=999999')).toEqual([])
    expect(await products('/_api/featured?countryId=999999')).toEqual([])
    const km = await countryByCode(t.db, 'KM')
    await createProduct(t.db, { country: 'KM', name: 'Produit comorien actif' })
    await t.db.update(countries).set({ isActive: false }).where(eq(countries.id, km.id))
    try {
      expect(await products(`/_api/products?countryId=${km.id}`)).toEqual([])
    } finally {
      await t.db.update(countries).set({ isActive: true }).where(eq(countries.id, km.id))
    }
  })

  it.each(['/_api/products', '/_api/featured'])(
    "refuses a countryId that is not a positive integer on %s: 400 'Identifiant de pays invalide.'",
    async (path) => {
      for (const q of ['abc', '0', '-3', '1.5', '', '2147483648']) {
        const res = await get(t, `${path}?countryId=${q}`)
        expect(res.statusCode, q).toBe(400)
        expect(res.json(), q).toMatchObject({
          code: 'VALIDATION_ERROR',
          error: 'Identifiant de pays invalide.',
        })
      }
    },
  )
})

describe('GET /_api/product-categories', () => {
  it('answers { categories } sorted by name', async () => {
    const res = await get(t, '/_api/product-categories')
    expect(res.statusCode).toBe(200)
    const { categories } = decode<{ categories: { id: number; name: string }[] }>(res.body)
    expect(categories.map((c) => c.name)).toEqual([
      'Abats',
      'Bœuf',
      'Chèvre',
      'Grillades',
      'Mouton',
      'Volaille',
    ])
    expect(Object.keys(categories[0]!).sort()).toEqual(['id', 'name'])
  })
})

describe('GET /_api/cities', () => {
  type City = { id: number; name: string; isActive: boolean; country: { id: number; name: string } }
  const list = async (q = '') => decode<{ cities: City[] }>((await get(t, `/_api/cities${q}`)).body).cities

  it('lists active cities of active countries with their country', async () => {
    const all = await list()
    expect(all.length).toBeGreaterThan(18)
    const dakar = all.find((c) => c.name === 'Dakar')!
    expect(dakar).toMatchObject({ isActive: true, country: { name: 'Sénégal' } })
  })

  it('filters by countryId and leaves out inactive cities and inactive countries', async () => {
    const sn = await countryByCode(t.db, 'SN')
    await t.db.update(cities).set({ isActive: false }).where(eq(cities.name, 'Thiès'))
    const senegal = await list(`?countryId=${sn.id}`)
    expect(senegal.map((c) => c.name)).toEqual(['Dakar'])
    await t.db.update(cities).set({ isActive: true }).where(eq(cities.name, 'Thiès'))

    const dj = await countryByCode(t.db, 'DJ')
    await t.db.update(countries).set({ isActive: false }).where(eq(countries.id, dj.id))
    expect(await list(`?countryId=${dj.id}`)).toEqual([])
    expect((await list()).some((c) => c.country.id === dj.id)).toBe(false)
    await t.db.update(countries).set({ isActive: true }).where(eq(countries.id, dj.id))
  })

  it('says which cities are deliverable: those with an active zone', async () => {
    const sn = await countryByCode(t.db, 'SN')
    const deliverable = async () =>
      Object.fromEntries(
        (await list(`?countryId=${sn.id}`)).map((c) => [
          c.name,
          (c as City & { deliverable: boolean }).deliverable,
        ]),
      )
    expect(await deliverable()).toEqual({ Dakar: true, Thiès: true })
    const thies = (await list(`?countryId=${sn.id}`)).find((c) => c.name === 'Thiès')!
    await t.db.update(zones).set({ isActive: false }).where(eq(zones.cityId, thies.id))
    try {
      expect(await deliverable()).toEqual({ Dakar: true, Thiès: false })
    } finally {
      await t.db.update(zones).set({ isActive: true }).where(eq(zones.cityId, thies.id))
    }
  })

  it('refuses a countryId that is not a positive integer', async () => {
    const res = await get(t, '/_api/cities?countryId=abc')
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('Identifiant de pays invalide.')
  })
})

describe('GET /_api/zones/by-city', () => {
  type Zone = { id: number; name: string; cityId: number; city: { name: string; country: { name: string } } }
  const zonesOf = async (cityId: number) =>
    decode<{ zones: Zone[] }>((await get(t, `/_api/zones/by-city?cityId=${cityId}`)).body).zones

  it("lists the city's active zones with city and country names", async () => {
    const { city } = await firstZoneOf(t.db, 'SN')
    const list = await zonesOf(city.id)
    expect(list.map((z) => z.name)).toEqual(['Almadies', 'Médina', 'Parcelles Assainies', 'Plateau'])
    expect(list[0]).toMatchObject({ cityId: city.id, city: { name: 'Dakar', country: { name: 'Sénégal' } } })
  })

  it('leaves out inactive zones, and answers none for an inactive city', async () => {
    const { city } = await firstZoneOf(t.db, 'SN')
    await t.db.update(zones).set({ isActive: false }).where(eq(zones.name, 'Médina'))
    expect((await zonesOf(city.id)).map((z) => z.name)).not.toContain('Médina')
    await t.db.update(zones).set({ isActive: true }).where(eq(zones.name, 'Médina'))
    await t.db.update(cities).set({ isActive: false }).where(eq(cities.id, city.id))
    expect(await zonesOf(city.id)).toEqual([])
    await t.db.update(cities).set({ isActive: true }).where(eq(cities.id, city.id))
    expect(await zonesOf(999999)).toEqual([])
  })

  it.each(['', '?cityId=', '?cityId=abc', '?cityId=0', '?cityId=1.5'])(
    "answers 400 'L'ID de la ville est requis.' for %s",
    async (q) => {
      const res = await get(t, `/_api/zones/by-city${q}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe("L'ID de la ville est requis.")
    },
  )
})

// Last: opening a second database blocks the event loop.
describe('GET /_api/featured on a fresh database', () => {
  it('answers fewer than 8 when fewer are active (fresh database)', async () => {
    const fresh = await createTestApp()
    try {
      await createProduct(fresh.db, { name: 'Seul' })
      const res = await get(fresh, '/_api/featured')
      expect(res.statusCode).toBe(200)
      expect(decode<{ products: Product[] }>(res.body).products.map((p) => p.name)).toEqual(['Seul'])
    } finally {
      await fresh.close()
    }
  })
})
