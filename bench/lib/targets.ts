import { sql } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client'
import { firstNames, lastNames } from './bulk'

export type Caller = 'visitor' | 'root' | 'admin'
/**
 * 'reference' reads are measured for comparison and judged by no target; 'public' (the small
 * public reads) and 'cache-off' are judged by their own `minShareOfBare` / `maxP50Ms`.
 */
export type Group = 'storefront' | 'admin' | 'dashboard' | 'reference' | 'public' | 'cache-off'
/**
 * `sameSizeAs`: this read is another's, with fewer rows (bench-set.ts, decision 0014).
 * `cacheOff`: read from a twin server started with STOREFRONT_CACHE_MS=0 on the same database
 * (PostgreSQL only: a PGlite database opens in one process). `largeOnly`: measured on the large
 * set alone. `connections`: this many clients instead of the run's. `minShareOfBare` (0–1) and
 * `maxP50Ms`: the read's own target.
 */
export type Target = {
  name: string
  group: Group
  path: string
  as: Caller
  sameSizeAs?: string
  cacheOff?: true
  largeOnly?: true
  connections?: number
  minShareOfBare?: number
  maxP50Ms?: number
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows

/** The reads of the issue, with filters taken from the data set itself. */
export async function readTargets(db: Db): Promise<Target[]> {
  const [place] = rows<{ countryId: number; countryName: string; cityId: number; zoneId: number }>(
    await db.execute(sql`select co.id as "countryId", co.name as "countryName", ci.id as "cityId", z.id as "zoneId"
      from zones z join cities ci on ci.id = z.city_id join countries co on co.id = ci.country_id order by co.id, ci.id, z.id limit 1`),
  )
  const [mid] = rows<{ id: number }>(
    await db.execute(sql`select id from orders order by id offset (select count(*) / 2 from orders) limit 1`),
  )
  if (!place || !mid) throw new Error('the data set has no zones or no orders')
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()
  const day = 86_400_000
  const dates = {
    startDate: new Date(Date.now() - 30 * day).toISOString(),
    endDate: new Date().toISOString(),
  }
  const list = (extra: Record<string, string | number>) =>
    `/_api/admin/orders?${q({ ...extra, page: 1, limit: 15 })}`
  return [
    { name: 'products', group: 'storefront', path: '/_api/products', as: 'visitor' },
    { name: 'featured', group: 'storefront', path: '/_api/featured', as: 'visitor' },
    // The small public reads, as normally served (storefront cache on): at least 80% of bare (decision 0084).
    { name: 'countries', group: 'public', path: '/_api/countries', as: 'visitor', minShareOfBare: 0.8 },
    { name: 'cities', group: 'public', path: '/_api/cities', as: 'visitor', minShareOfBare: 0.8 },
    {
      name: 'zones/by-city',
      group: 'public',
      path: `/_api/zones/by-city?${q({ cityId: place.cityId })}`,
      as: 'visitor',
      minShareOfBare: 0.8,
    },
    // A cache miss is cheap too (docs/decisions/0022): the storefront cache off, every request
    // reads the database; the first page (24 products, docs/decisions/0045) of one country's
    // catalogue (about 110 of the 2,000 products) and of every country's.
    {
      name: 'products ?countryId, cache off',
      group: 'cache-off',
      path: `/_api/products?${q({ countryId: place.countryId })}`,
      as: 'visitor',
      cacheOff: true,
      largeOnly: true,
      minShareOfBare: 0.2,
    },
    {
      name: 'products, cache off, one client',
      group: 'cache-off',
      path: '/_api/products',
      as: 'visitor',
      cacheOff: true,
      largeOnly: true,
      connections: 1,
      maxP50Ms: 100,
    },
    {
      // A search is never kept (docs/decisions/0045): the folded LIKE through the trigram index.
      name: 'products ?countryId&search (for information)',
      group: 'reference',
      path: `/_api/products?${q({ countryId: place.countryId, search: 'boeuf' })}`,
      as: 'visitor',
      largeOnly: true,
    },
    {
      name: 'products, cache off (for information)',
      group: 'reference',
      path: '/_api/products',
      as: 'visitor',
      cacheOff: true,
      largeOnly: true,
    },
    // The staff's order list, first page: at least half the bare server (decision 0084).
    {
      name: 'admin/orders, first page (root)',
      group: 'admin',
      path: list({}),
      as: 'root',
      minShareOfBare: 0.5,
    },
    {
      name: 'admin/orders, first page (admin, one country)',
      group: 'admin',
      path: list({}),
      as: 'admin',
      minShareOfBare: 0.5,
    },
    { name: 'admin/orders ?status=pending', group: 'admin', path: list({ status: 'pending' }), as: 'root' },
    {
      name: 'admin/orders ?search=client name',
      group: 'admin',
      path: list({ search: `${firstNames[3]} ${lastNames[5]}` }),
      as: 'root',
    },
    { name: 'admin/orders ?search=order id', group: 'admin', path: list({ search: mid.id }), as: 'root' },
    { name: 'admin/orders ?country', group: 'admin', path: list({ country: place.countryName }), as: 'root' },
    { name: 'admin/orders ?cityId', group: 'admin', path: list({ cityId: place.cityId }), as: 'root' },
    {
      name: 'admin/orders ?cityId&zoneId',
      group: 'admin',
      path: list({ cityId: place.cityId, zoneId: place.zoneId }),
      as: 'root',
    },
    {
      name: 'orderdetails',
      group: 'admin',
      path: `/_api/orderdetails?${q({ orderId: mid.id })}`,
      as: 'root',
    },
    { name: 'dashboard/root', group: 'dashboard', path: '/_api/dashboard/root', as: 'root' },
    {
      name: 'dashboard/root ?countryId',
      group: 'dashboard',
      path: `/_api/dashboard/root?${q({ countryId: place.countryId })}`,
      as: 'root',
    },
    {
      name: 'dashboard/root ?startDate&endDate',
      group: 'dashboard',
      path: `/_api/dashboard/root?${q(dates)}`,
      as: 'root',
    },
    {
      name: 'dashboard/root ?countryId&dates',
      group: 'dashboard',
      path: `/_api/dashboard/root?${q({ countryId: place.countryId, ...dates })}`,
      as: 'root',
    },
    {
      name: 'admin/contact-messages',
      group: 'admin',
      path: `/_api/admin/contact-messages?${q({ page: 1, limit: 15 })}`,
      as: 'root',
    },
    {
      name: 'admin/contact-messages ?status=new',
      group: 'admin',
      path: `/_api/admin/contact-messages?${q({ status: 'new', page: 1, limit: 15 })}`,
      as: 'root',
    },
  ]
}

export type CreatePayload = { email: string; body: string }

/** Valid checkout payloads for clients of the first country: 2 or 3 active products, valid quantities. */
export async function createPayloads(db: Db, count: number) {
  const [place] = rows<{ countryId: number; countryName: string; cityName: string; zoneId: number }>(
    await db.execute(sql`select co.id as "countryId", co.name as "countryName", ci.name as "cityName", z.id as "zoneId"
      from zones z join cities ci on ci.id = z.city_id join countries co on co.id = ci.country_id
      where z.is_active and ci.is_active order by co.id, ci.id, z.id limit 1`),
  )
  if (!place) throw new Error('no zone')
  const products = rows<{ id: number; unitType: string; minQuantity: number }>(
    await db.execute(sql`select id, unit_type as "unitType", min_quantity::float8 as "minQuantity" from products
      where country_id = ${place.countryId} and is_active and archived_at is null order by id limit 20`),
  )
  const clients = rows<{ email: string }>(
    await db.execute(
      sql`select email from users where role = 'client' and country_id = ${place.countryId} and is_active order by id limit ${count}`,
    ),
  )
  return clients.map((c, i) => ({
    email: c.email,
    body: JSON.stringify({
      items: [0, 1, 2].slice(0, 2 + (i % 2)).map((k) => {
        const p = products[(i + k * 7) % products.length]!
        return { productId: p.id, quantity: p.unitType === 'kg' ? p.minQuantity + 0.5 : 1 + (i % 3) }
      }),
      deliveryAddress: `${i + 1} avenue du Banc`,
      deliveryCity: place.cityName,
      deliveryCountry: place.countryName,
      deliveryPhone: '+223 70 00 00 00',
      zoneId: place.zoneId,
      pointsToUse: 0,
    }),
  }))
}
