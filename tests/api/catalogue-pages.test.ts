import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_PAGE_DATA_ID } from '../../src/shared/first-page'
import { MAX_PRODUCT_IDS, PRODUCTS_PAGE_SIZE } from '../../src/shared/catalogue-pages'
import type { ProductsPage } from '../../src/shared/schemas/storefront'
import { countryByCode, createProduct, decode, get } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * GET /_api/products answers a page of the catalogue (docs/rules/catalogue.md#catalogue,
 * docs/decisions/0045): at most PRODUCTS_PAGE_SIZE products in the catalogue's order (folded
 * name, then id) and the cursor of the next page; by country, category, search or ids. A 5,000
 * product catalogue is no longer sent whole, in the API nor in the first HTML of /products.
 */
let t: TestApp
let ml: number
let sn: number
let volaille: number
beforeAll(async () => {
  // The cache on, as in production: a listing's first page is kept, the other reads are not.
  t = await createTestApp({ STOREFRONT_CACHE_MS: '600000' })
  ml = (await countryByCode(t.db, 'ML')).id
  sn = (await countryByCode(t.db, 'SN')).id
  volaille = (
    (await t.db.execute(
      sql`insert into product_categories (name) values ('Volaille des pages') returning id`,
    )) as unknown as {
      rows: { id: number }[]
    }
  ).rows[0]!.id
  // Mali: 70 products whose names tie once folded ('Même nom', 'MEME NOM', 'même nom'), then
  // 'Zébu bœuf séché', last in the order, far past the first page; 30 of them poultry.
  const spellings = ['Même nom', 'MEME NOM', 'même nom']
  for (let i = 0; i < 70; i++)
    await createProduct(t.db, {
      country: 'ML',
      name: spellings[i % 3]!,
      categoryId: i % 7 < 3 ? volaille : null,
    })
  await createProduct(t.db, { country: 'ML', name: 'Zébu bœuf séché' })
  await createProduct(t.db, { country: 'ML', name: 'Inactif', isActive: false })
  await createProduct(t.db, { country: 'ML', name: 'Archivé', archived: true })
  t.deps.storefrontCache.invalidate() // the factories write straight to the database
})
afterAll(async () => t?.close())

const read = async (query: string) => {
  const res = await get(t, `/_api/products?${query}`)
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200)
  return decode<ProductsPage>(res.body)
}

/** Every page of a listing, following the cursors. */
async function allPages(query: string) {
  const pages: ProductsPage[] = []
  let cursor: string | null = null
  do {
    const page: ProductsPage = await read(
      `${query}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
    )
    pages.push(page)
    cursor = page.nextCursor
    expect(pages.length).toBeLessThan(100)
  } while (cursor !== null)
  return pages
}

/** The ids of a country's visible products in the catalogue's order, as the database sorts them. */
async function inOrder(where: ReturnType<typeof sql>) {
  const res = (await t.db.execute(sql`
    select id from products
    where is_active and archived_at is null and ${where}
    order by etal_fold(name) COLLATE "C", id`)) as unknown as { rows: { id: number }[] }
  return res.rows.map((r) => r.id)
}

describe('GET /_api/products: a page at a time', () => {
  it('pages through a country with tied names: each page bounded, no product twice, none missed', async () => {
    const pages = await allPages(`countryId=${ml}`)
    expect(pages.length).toBe(Math.ceil(71 / PRODUCTS_PAGE_SIZE))
    for (const page of pages.slice(0, -1)) expect(page.products).toHaveLength(PRODUCTS_PAGE_SIZE)
    expect(pages.at(-1)!.nextCursor).toBeNull()
    const ids = pages.flatMap((p) => p.products.map((x) => x.id))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(await inOrder(sql`country_id = ${ml}`))
    expect(pages.flatMap((p) => p.products).at(-1)!.name).toBe('Zébu bœuf séché')
    // The listing's first page names its categories; later pages do not repeat them.
    expect(pages[0]!.categories).toEqual([{ id: volaille, name: 'Volaille des pages' }])
    expect(pages[1]!.categories).toBeUndefined()
  })

  it('continues after the product it stopped at, whatever changed before it meanwhile', async () => {
    const first = await read(`countryId=${ml}`)
    // The first page's products leave the catalogue: an offset would now skip 24 products.
    const gone = first.products.slice(0, 5).map((p) => p.id)
    await t.db.execute(
      sql`update products set is_active = false where id = any(${`{${gone.join(',')}}`}::int[])`,
    )
    try {
      const second = await read(`countryId=${ml}&cursor=${encodeURIComponent(first.nextCursor!)}`)
      const order = await inOrder(sql`country_id = ${ml}`)
      const after = order.indexOf(first.products.at(-1)!.id)
      expect(second.products.map((p) => p.id)).toEqual(order.slice(after + 1, after + 1 + PRODUCTS_PAGE_SIZE))
    } finally {
      await t.db.execute(
        sql`update products set is_active = true where id = any(${`{${gone.join(',')}}`}::int[])`,
      )
    }
  })

  it('filters by category, page after page', async () => {
    const pages = await allPages(`countryId=${ml}&categoryId=${volaille}`)
    const products = pages.flatMap((p) => p.products)
    expect(products).toHaveLength(30)
    expect(products.every((p) => p.category?.id === volaille)).toBe(true)
    expect(products.map((p) => p.id)).toEqual(await inOrder(sql`category_id = ${volaille}`))
    expect(pages[0]!.categories).toBeUndefined()
  })

  it('answers a search on the server, accents and case aside, beyond the first page', async () => {
    const first = await read(`countryId=${ml}`)
    expect(first.products.map((p) => p.name)).not.toContain('Zébu bœuf séché')
    for (const search of ['boeuf', 'ZEBU', 'bœuf séché']) {
      const found = await read(`countryId=${ml}&search=${encodeURIComponent(search)}`)
      expect(
        found.products.map((p) => p.name),
        search,
      ).toEqual(['Zébu bœuf séché'])
      expect(found.nextCursor).toBeNull()
    }
    // A search of many products pages like the rest: 'meme' is 70 products.
    const pages = await allPages(`countryId=${ml}&search=meme`)
    expect(pages.flatMap((p) => p.products)).toHaveLength(70)
    expect((await read(`countryId=${sn}&search=boeuf`)).products).toEqual([])
    // A typed % matches itself, not everything.
    expect((await read(`countryId=${ml}&search=%25`)).products).toEqual([])
  })

  it('reads products by id: those on sale only, of the country when one is given', async () => {
    const snProduct = await createProduct(t.db, { country: 'SN', name: 'Gigot des pages' })
    const [mine, inactive, archived] = (
      (await t.db.execute(sql`
        select id from products where country_id = ${ml} and name in ('Zébu bœuf séché', 'Inactif', 'Archivé')
        order by name desc`)) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id)
    const ids = [mine!, inactive!, archived!, snProduct.id, 2_000_000_000].join(',')
    const every = await read(`ids=${ids}`)
    expect(every.products.map((p) => p.id).sort()).toEqual([mine!, snProduct.id].sort())
    expect(every.nextCursor).toBeNull()
    expect((await read(`ids=${ids}&countryId=${ml}`)).products.map((p) => p.id)).toEqual([mine])
    // As many as an order may hold, however far apart in the catalogue.
    const hundred = (await inOrder(sql`country_id = ${ml}`)).slice(0, MAX_PRODUCT_IDS)
    expect((await read(`ids=${hundred.join(',')}`)).products).toHaveLength(Math.min(71, MAX_PRODUCT_IDS))
  })

  it('refuses a bad cursor, bad ids and a long search with a French 400, never a 500', async () => {
    const bad: [string, string][] = [
      ['cursor=abc', 'Curseur de pagination invalide.'],
      ['cursor=0~x', 'Curseur de pagination invalide.'],
      ['cursor=99999999999~x', 'Curseur de pagination invalide.'],
      ['cursor=3000000000~x', 'Curseur de pagination invalide.'],
      ['cursor=12~a%01b', 'Curseur de pagination invalide.'],
      [`cursor=12~${'a'.repeat(800)}`, 'Curseur de pagination invalide.'],
      ['ids=abc', 'Liste de produits invalide.'],
      ['ids=1,,2', 'Liste de produits invalide.'],
      ['ids=3000000000', 'Liste de produits invalide.'],
      [
        `ids=${Array.from({ length: MAX_PRODUCT_IDS + 1 }, (_, i) => i + 1).join(',')}`,
        'Liste de produits invalide.',
      ],
      ['categoryId=0', 'Identifiant de catégorie invalide.'],
      [`search=${'a'.repeat(101)}`, 'La recherche ne peut pas dépasser 100 caractères.'],
    ]
    for (const [query, message] of bad) {
      const res = await get(t, `/_api/products?${query}`)
      expect(res.statusCode, query).toBe(400)
      const body = JSON.parse(res.body) as {
        error: string
        code: string
        fieldErrors: Record<string, string[]>
      }
      expect(body.code, query).toBe('VALIDATION_ERROR')
      expect(Object.values(body.fieldErrors).flat(), query).toContain(message)
    }
    // A well-formed cursor that names nothing is only a place in the order: what comes after it.
    const after = await read(`countryId=${ml}&cursor=${encodeURIComponent('2000000000~zzzz')}`)
    expect(after.products).toEqual([])
    expect(after.nextCursor).toBeNull()
  })
})

describe('the storefront cache and the pages', () => {
  it('keeps a listing’s first page; a later page and a search are read at each request', async () => {
    const first = await read(`countryId=${ml}`)
    const second = await read(`countryId=${ml}&cursor=${encodeURIComponent(first.nextCursor!)}`)
    const [a, b] = [first.products[0]!, second.products[0]!]
    // Written straight to the database, as another process would without telling this one.
    await t.db.execute(
      sql`update products set price_per_unit = price_per_unit + 1 where id in (${a.id}, ${b.id})`,
    )
    try {
      expect((await read(`countryId=${ml}`)).products[0]!.pricePerUnit).toBe(a.pricePerUnit)
      const again = await read(`countryId=${ml}&cursor=${encodeURIComponent(first.nextCursor!)}`)
      expect(again.products[0]!.pricePerUnit).toBe(b.pricePerUnit + 1)
      // The write through the API (or its notice) drops the kept page.
      t.deps.storefrontCache.invalidate()
      expect((await read(`countryId=${ml}`)).products[0]!.pricePerUnit).toBe(a.pricePerUnit + 1)
    } finally {
      await t.db.execute(
        sql`update products set price_per_unit = price_per_unit - 1 where id in (${a.id}, ${b.id})`,
      )
      t.deps.storefrontCache.invalidate()
    }
  })
})

describe('a catalogue of 5,000 products', () => {
  it('is not sent whole: the first page and the first HTML of /products stay small', async () => {
    await t.db.execute(sql`
      insert into products (name, description, price_per_unit, unit_type, min_quantity, country_id, category_id, is_active)
      select 'Produit importé n°' || n, 'Une description de produit importé, assez longue pour peser.', 1000 + n,
        'kg', 0.5, ${sn}::int, case when n % 2 = 0 then ${volaille}::int end, true
      from generate_series(1, 5000) n`)
    t.deps.storefrontCache.invalidate()
    const api = await get(t, `/_api/products?countryId=${sn}`)
    expect(api.statusCode).toBe(200)
    expect(decode<ProductsPage>(api.body).products).toHaveLength(PRODUCTS_PAGE_SIZE)
    // 1.9 MB before (docs/security/outside-attack.md item 8): a page is about 15 KB whatever the catalogue's size.
    expect(Buffer.byteLength(api.body)).toBeLessThan(24_000)
    const everyCountry = await get(t, '/_api/products')
    expect(Buffer.byteLength(everyCountry.body)).toBeLessThan(24_000)

    const page = await get(t, '/products', `etal-country=${sn}`)
    expect(page.statusCode).toBe(200)
    // 2.1 MB before: now the first page's 24 cards and their data, the shell and the inlined
    // stylesheet; a few KB once compressed, as the server sends it.
    expect(Buffer.byteLength(page.body)).toBeLessThan(200_000)
    const sent = await t.app.inject({
      url: '/products',
      headers: { cookie: `etal-country=${sn}`, 'accept-encoding': 'gzip' },
    })
    expect(sent.headers['content-encoding']).toBe('gzip')
    expect(sent.rawPayload.length).toBeLessThan(30_000)
    const data = new RegExp(
      `<script type="application/json" id="${FIRST_PAGE_DATA_ID}">([^<]*)</script>`,
    ).exec(page.body)![1]!
    expect(Buffer.byteLength(data)).toBeLessThan(24_000)
    expect(page.body.match(/Produit importé n°/g)!.length).toBeGreaterThanOrEqual(PRODUCTS_PAGE_SIZE)
    expect(page.body).toContain('Voir plus de produits')
  })
})
