import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerText } from '../../src/server/http/answer-text'
import { publicProducts, toPublicProduct } from '../../src/server/services/catalogue/storefront'
import { sortByName } from '../../src/shared/format'
import { PRODUCTS_PAGE_SIZE, writeCursor } from '../../src/shared/catalogue-pages'
import { matchesSearch } from '../../src/shared/search'
import { countryByCode, createProduct, get } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * GET /_api/products answers text the database writes (services/catalogue/storefront.ts `catalogueText`).
 * It must be, byte for byte, what `answerText` writes from the rows `publicProducts` reads (the
 * objects /_api/featured still answers), whatever the names, numbers and dates hold: a column
 * added to a product (publicProductColumns) and not to the statement fails here.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Read = { countryId?: number; categoryId?: number; search?: string; ids?: number[]; after?: number }

/**
 * The page as the objects give it: `publicProducts`' rows filtered as the endpoint filters them,
 * in the catalogue's order (read from the database: its C collation compares bytes, which
 * JavaScript's strings do not), 24 of them, the cursor after the last, and on a listing's first
 * page its categories in French order.
 */
async function expected({ countryId, categoryId, search, ids, after }: Read = {}) {
  const order = (
    (await t.db.execute(
      sql`select id, etal_fold(name) COLLATE "C" as fold from products order by etal_fold(name) COLLATE "C", id`,
    )) as unknown as { rows: { id: number; fold: string }[] }
  ).rows
  const rank = new Map(order.map((r, i) => [r.id, i]))
  const fold = new Map(order.map((r) => [r.id, r.fold]))
  const listing = (await publicProducts(t.db, countryId))
    .filter((p) => categoryId === undefined || p.categoryId === categoryId)
    .sort((a, b) => rank.get(a.id)! - rank.get(b.id)!)
  const rows = listing
    .filter((p) => matchesSearch(p.name, search ?? ''))
    .filter((p) => !ids || ids.includes(p.id))
    .filter((p) => ids || after === undefined || rank.get(p.id)! > rank.get(after)!)
  const page = ids ? rows : rows.slice(0, PRODUCTS_PAGE_SIZE)
  const last = page[page.length - 1]
  const nextCursor =
    !ids && rows.length > PRODUCTS_PAGE_SIZE && last
      ? writeCursor({ id: last.id, fold: fold.get(last.id)! })
      : null
  const first = !ids && after === undefined && !search && categoryId === undefined
  const categories = sortByName(
    [
      ...new Map(
        listing.flatMap((p) =>
          p.categoryId && p.categoryName ? [[p.categoryId, p.categoryName] as const] : [],
        ),
      ).entries(),
    ].map(([id, name]) => ({ id, name })),
  )
  return answerText({
    products: page.map(toPublicProduct),
    nextCursor,
    ...(first ? { categories } : {}),
  })
}

describe('GET /_api/products: the text the database writes', () => {
  it('is the objects’ text byte for byte: empty, then with awkward names, numbers, dates and categories', async () => {
    const sn = await countryByCode(t.db, 'SN')
    // A country without products answers the empty list, without annotations.
    const km = await countryByCode(t.db, 'KM')
    expect((await get(t, `/_api/products?countryId=${km.id}`)).body).toBe(
      await expected({ countryId: km.id }),
    )

    const [category] = (
      (await t.db.execute(sql`select id from product_categories order by id limit 1`)) as unknown as {
        rows: { id: number }[]
      }
    ).rows
    const names = [
      'Côte de bœuf',
      'Cuisse de poulet',
      'cote "épaisse" \\ à l’os',
      'Tab\there\nnewline\u0001control',
      'Émincé 🐄 Æ œ',
      'ZZZ',
      'aaa',
      'Agneau',
    ]
    let i = 0
    for (const name of names) {
      i += 1
      await createProduct(t.db, {
        name,
        categoryId: i % 2 ? category!.id : null,
        unitType: i % 3 ? 'kg' : 'unit',
        minQuantity: [0.5, 1, 1.25, 0.125, 2, 0.333, 10, 1.5][i - 1],
        pricePerUnit: [1, 999_999, 1500, 2500, 42, 7, 100_000, 3][i - 1],
        // A date with microseconds (the database keeps them, a Date does not), and some without.
        ...(i % 2 ? {} : { createdAt: new Date(Date.UTC(2026, 0, i, 10, 20, 30, 7)) }),
      })
    }
    await createProduct(t.db, { name: 'Malien', country: 'ML' })
    await t.db.execute(
      sql`update products set created_at = created_at + interval '123 microseconds', description = null where name = 'ZZZ'`,
    )
    await t.db.execute(
      sql`update products set image_url = '/images/products/a.jpg?x=1&y="2"' where name = 'aaa'`,
    )
    // A product with an uploaded photo (its key and size), beside the others without.
    await t.db.execute(
      sql`insert into product_photos (key, width, height) values (${'f'.repeat(32)}, 640, 427)`,
    )
    await t.db.execute(sql`update products set photo_key = ${'f'.repeat(32)} where name = 'Agneau'`)
    // Stock (docs/rules/catalogue.md#stock): out of stock today, until further notice, a daily quantity
    // partly drawn (what is left is a decimal), one drawn below its minimum, one untouched.
    await t.db.execute(sql`update products set out_of_stock = true where name = 'ZZZ'`)
    await t.db.execute(
      sql`update products set out_of_stock_on = (now() at time zone 'Africa/Dakar')::date where name = 'aaa'`,
    )
    await t.db.execute(sql`update products set daily_quantity = 7.5 where name in ('Côte de bœuf', 'Agneau')`)
    await t.db.execute(sql`update products set daily_quantity = 3 where name = 'Émincé 🐄 Æ œ'`)
    await t.db.execute(sql`
      insert into product_daily_sales (product_id, day, sold)
      select p.id, (now() at time zone c.time_zone)::date, case when p.name = 'Agneau' then 2.5 else 1.5 end
      from products p join countries c on c.id = p.country_id where p.name in ('Agneau', 'Émincé 🐄 Æ œ')`)

    for (const countryId of [undefined, sn.id]) {
      const res = await get(
        t,
        countryId === undefined ? '/_api/products' : `/_api/products?countryId=${countryId}`,
      )
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(await expected({ countryId }))
    }
    // A category's page, a search's, the products of some ids: the same text.
    const reads: [string, Read][] = [
      [`categoryId=${category!.id}`, { categoryId: category!.id }],
      [`countryId=${sn.id}&search=COTE`, { countryId: sn.id, search: 'COTE' }],
      [`search=%C5%93`, { search: 'œ' }],
    ]
    const some = (await publicProducts(t.db, sn.id)).slice(0, 3).map((p) => p.id)
    reads.push([`ids=${some.join(',')}`, { ids: some }])
    for (const [query, read] of reads) {
      const res = await get(t, `/_api/products?${query}`)
      expect(res.statusCode, query).toBe(200)
      expect(res.body, query).toBe(await expected(read))
    }
    const all = JSON.parse((await get(t, '/_api/products')).body).json.products as { photo: unknown }[]
    expect(all.length).toBeGreaterThan(8)
    expect(all.filter((p) => p.photo !== null)).toHaveLength(1)
    const stocks = (all as unknown as { stock: { soldOut: boolean; left: number | null } }[]).map(
      (p) => p.stock,
    )
    expect(stocks.filter((x) => x.soldOut)).toHaveLength(3)
    expect(stocks.map((x) => x.left).filter((x) => x !== null)).toEqual(expect.arrayContaining([5, 7.5, 1.5]))
  })
})
