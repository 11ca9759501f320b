import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * Every "newest first" list reads an index in its order and stops after one page: no full sort
 * of the table. An index whose NULLS order differs from the ORDER BY's silently lost that (the
 * admin list sorted 200,000 orders for each page, docs/decisions/0014). With sorts and scans priced out,
 * a plan that still has a full Sort node has no index that gives the order.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const lists: Record<string, string> = {
  'admin orders': 'select id from orders order by created_at desc, id desc limit 15',
  'admin orders of a country':
    'select id from orders where country_id = 1 order by created_at desc, id desc limit 15',
  'admin orders by status':
    "select id from orders where status = 'pending' order by created_at desc, id desc limit 15",
  'admin orders of a city':
    'select id from orders where city_id = 1 order by created_at desc, id desc limit 15',
  'admin orders of a zone':
    'select id from orders where zone_id = 1 order by created_at desc, id desc limit 15',
  "a client's orders": 'select id from orders where user_id = 1 order by created_at desc limit 15',
  'contact messages': 'select id from contact_messages order by created_at desc, id desc limit 15',
  'contact messages by status':
    "select id from contact_messages where status = 'new' order by created_at desc, id desc limit 15",
  "a client's points":
    'select id from loyalty_transactions where user_id = 1 order by created_at desc limit 15',
}

describe('newest-first lists', () => {
  for (const [name, query] of Object.entries(lists)) {
    it(`${name}: read in index order, no full sort`, async () => {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_sort = off`)
        await tx.execute(sql`set local enable_seqscan = off`)
        const rows = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as {
          rows: { 'QUERY PLAN': string }[]
        }
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n')
      })
      expect(plan).not.toMatch(/(^|->\s+)Sort\b/m)
      expect(plan).toMatch(/Index/)
    })
  }
})

/**
 * The capped counts behind a filtered page read the index alone: the filters other than the
 * index's first column are in the index (INCLUDE), so no matching order is read from the table
 * to be checked (migrations 0007 and 0008). On these tests' near-empty tables the planner's
 * choice between equally cheap indexes says nothing, so the definitions are checked.
 */
describe('the indexes behind the capped counts of combined filters', () => {
  const includes: Record<string, string> = {
    orders_zone_created_idx: 'INCLUDE (city_id, country_id)',
    orders_city_created_idx: 'INCLUDE (country_id, zone_id)',
    orders_user_created_idx: 'INCLUDE (country_id, city_id, zone_id, status)',
  }
  for (const [name, include] of Object.entries(includes)) {
    it(`${name} holds the other filters: ${include}`, async () => {
      const res = (await t.db.execute(
        sql`select indexdef from pg_indexes where tablename = 'orders' and indexname = ${name}`,
      )) as unknown as { rows: { indexdef: string }[] }
      expect(res.rows[0]?.indexdef).toContain(include)
    })
  }

  it('tells the planner that a zone lies in one city and a city in one country', async () => {
    const res = (await t.db.execute(
      sql`select stxkind::text as kind from pg_statistic_ext where stxname = 'orders_place_dependencies'`,
    )) as unknown as { rows: { kind: string }[] }
    expect(res.rows).toEqual([{ kind: '{f}' }])
  })
})

/**
 * The searches by name and email compare folded texts (docs/rules/catalogue.md#search): the trigram
 * indexes hold etal_fold of the column (migration 0013), so the search is still an index scan.
 */
describe('the folded searches', () => {
  const searches: Record<string, [query: string, index: string]> = {
    'clients by name': [
      "select id from users where etal_fold(display_name) like etal_fold('%bœuf%')",
      'users_display_name_fold_trgm_idx',
    ],
    'clients by email': [
      "select id from users where etal_fold(email) like etal_fold('%aïssatou%')",
      'users_email_fold_trgm_idx',
    ],
    'the storefront’s products by name': [
      "select id from products where etal_fold(name) like etal_fold('%Bœuf%')",
      'products_name_fold_trgm_idx',
    ],
    'names orders were placed under': [
      "select user_id from user_former_names where etal_fold(name) like etal_fold('%Jérôme%')",
      'user_former_names_name_fold_trgm_idx',
    ],
  }
  for (const [name, [query, index]] of Object.entries(searches)) {
    it(`${name}: read through ${index}`, async () => {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`)
        const rows = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as {
          rows: { 'QUERY PLAN': string }[]
        }
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n')
      })
      expect(plan).toContain(index)
    })
  }
})

/**
 * The storefront's catalogue is read a page at a time in folded-name order, then id (keyset,
 * docs/rules/catalogue.md#catalogue, migration 0021): each listing, and the page after a cursor, walks an
 * index in that order and stops after a page; no sort of the whole catalogue.
 */
describe('the catalogue’s pages', () => {
  const visible = 'is_active and archived_at is null'
  const order = 'order by etal_fold(name) COLLATE "C", id limit 25'
  const after = `(etal_fold(name) COLLATE "C", id) > ('cote'::text COLLATE "C", 12)`
  const pages: Record<string, string> = {
    "a country's first page": `select id from products where ${visible} and country_id = 1 ${order}`,
    "a country's next page": `select id from products where ${visible} and country_id = 1 and ${after} ${order}`,
    "every country's first page": `select id from products where ${visible} ${order}`,
    "every country's next page": `select id from products where ${visible} and ${after} ${order}`,
  }
  for (const [name, query] of Object.entries(pages)) {
    it(`${name}: read in index order, no full sort`, async () => {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_sort = off`)
        await tx.execute(sql`set local enable_seqscan = off`)
        const rows = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as {
          rows: { 'QUERY PLAN': string }[]
        }
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n')
      })
      expect(plan).not.toMatch(/(^|->\s+)Sort\b/m)
      expect(plan).toMatch(/products_storefront_(country_)?order_idx/)
      // The cursor is where the index scan starts, not a filter over every row before it.
      if (name.includes('next')) expect(plan).toMatch(/Index Cond: .*ROW\(.*\) > ROW\(/)
    })
  }
})
