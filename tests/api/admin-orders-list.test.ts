import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrder, createUser, decode, get, signedIn, zonesOf } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

type Row = {
  id: number
  status: string
  customerName: string
  cityName: string
  zoneName: string
  items: unknown[]
  createdAt: Date
}
type Page = { orders: Row[]; total: number }

let t: TestApp
const cookies = {} as Record<string, string> &
  Record<'root' | 'super_admin' | 'admin' | 'client' | 'delivery_driver' | 'adminMl', string>
const ids = { plateau: [] as number[], thies: [] as number[], mali: [] as number[] }
let thiesCityId = 0
let plateauZoneId = 0
let centreZoneId = 0

/**
 * The known data set: Awa (SN) has 18 orders in Dakar / Plateau (10 pending, 5 in_preparation,
 * 3 delivered), Moussa (SN) 4 in Thiès / Centre (2 pending, 2 cancelled), Fatou (ML) 3 pending.
 * Each order is one minute newer than the one before, so "newest first" is exact.
 */
beforeAll(async () => {
  t = await createTestApp()
  const awa = await createUser(t.db, {
    country: 'SN',
    displayName: 'Awa Diallo',
    email: 'awa.diallo@exemple.sn',
  })
  const moussa = await createUser(t.db, {
    country: 'SN',
    displayName: 'Moussa Ndiaye',
    email: 'moussa@exemple.sn',
  })
  const fatou = await createUser(t.db, {
    country: 'ML',
    displayName: 'Fatou Traoré',
    email: 'fatou@exemple.ml',
  })
  const snZones = await zonesOf(t.db, awa.countryId!)
  const plateau = snZones.find((z) => z.zoneName === 'Plateau')!
  const centre = snZones.find((z) => z.zoneName === 'Centre')!
  plateauZoneId = plateau.zoneId
  centreZoneId = centre.zoneId
  thiesCityId = centre.cityId
  let minute = 0
  const at = () => new Date(Date.UTC(2026, 0, 1, 8, minute++))
  const awaStatuses = [
    ...Array(10).fill('pending'),
    ...Array(5).fill('in_preparation'),
    ...Array(3).fill('delivered'),
  ]
  for (const status of awaStatuses) {
    ids.plateau.push((await createOrder(t.db, { user: awa, zone: plateau, status, createdAt: at() })).id)
  }
  for (const status of ['pending', 'pending', 'cancelled', 'cancelled'] as const) {
    ids.thies.push((await createOrder(t.db, { user: moussa, zone: centre, status, createdAt: at() })).id)
  }
  for (let i = 0; i < 3; i++) ids.mali.push((await createOrder(t.db, { user: fatou, createdAt: at() })).id)
  for (const [role, country] of [
    ['root', 'SN'],
    ['super_admin', 'SN'],
    ['admin', 'SN'],
    ['client', 'SN'],
    ['delivery_driver', 'SN'],
  ] as const) {
    cookies[role] = (await signedIn(t, role, country)).cookie
  }
  cookies.adminMl = (await signedIn(t, 'admin', 'ML')).cookie
})
afterAll(() => t.close())

async function list(query: string, cookie = cookies.super_admin) {
  const res = await get(t, `/_api/admin/orders${query}`, cookie)
  expect(res.statusCode, res.body).toBe(200)
  return decode<Page>(res.body)
}
const newestFirst = (a: number[]) => [...a].sort((x, y) => y - x)
const snIds = () => [...ids.plateau, ...ids.thies]

describe('GET /_api/admin/orders: paging', () => {
  it('gives a super_admin its country’s 22 orders, 15 on page 1 and 7 on page 2, newest first', async () => {
    const p1 = await list('')
    expect(p1.total).toBe(22)
    expect(p1.orders.map((o) => o.id)).toEqual(newestFirst(snIds()).slice(0, 15))
    const p2 = await list('?page=2')
    expect(p2.total).toBe(22)
    expect(p2.orders.map((o) => o.id)).toEqual(newestFirst(snIds()).slice(15))
    const p3 = await list('?page=3')
    expect(p3).toEqual({ orders: [], total: 22 })
  })

  it('honours limit, and answers full rows (items, customer) from the shared loader', async () => {
    const page = await list('?limit=5&page=3')
    expect(page.orders.map((o) => o.id)).toEqual(newestFirst(snIds()).slice(10, 15))
    expect(page.orders[0]).toMatchObject({
      cityName: 'Dakar',
      zoneName: 'Plateau',
      customerName: 'Awa Diallo',
    })
    expect(page.orders[0]!.items).toHaveLength(1)
  })

  it('leaves the event history to the order’s own answer', async () => {
    const page = await list('?limit=2')
    expect(page.orders).toHaveLength(2)
    for (const o of page.orders) expect(o).not.toHaveProperty('events')
    const res = await get(t, `/_api/orderdetails?orderId=${page.orders[0]!.id}`, cookies.super_admin)
    expect(res.statusCode, res.body).toBe(200)
    const { order } = decode<{ order: Row & { events: { type: string; createdAt: Date }[] } }>(res.body)
    expect(order.events.map((e) => e.type)).toEqual(['created'])
    expect(order.events[0]!.createdAt).toBeInstanceOf(Date)
  })
})

describe('GET /_api/admin/orders: filters', () => {
  it.each([
    ['?status=pending', 12],
    ['?status=in_preparation', 5],
    ['?status=delivered', 3],
    ['?status=cancelled', 2],
    ['?status=in_delivery', 0],
  ])('%s counts %i', async (q, n) => {
    const page = await list(q)
    expect(page.total).toBe(n)
    expect(page.orders).toHaveLength(Math.min(n, 15))
  })

  it('filters by city and by zone, and combines filters', async () => {
    expect((await list(`?cityId=${thiesCityId}`)).orders.map((o) => o.id)).toEqual(newestFirst(ids.thies))
    expect((await list(`?zoneId=${plateauZoneId}`)).total).toBe(18)
    expect((await list(`?zoneId=${centreZoneId}&status=cancelled`)).orders.map((o) => o.id)).toEqual(
      newestFirst(ids.thies.slice(2)),
    )
  })

  it('searches by client name, email (case-insensitive) or order number', async () => {
    expect((await list('?search=moussa')).total).toBe(4)
    expect((await list('?search=DIALLO')).total).toBe(18)
    expect((await list('?search=awa.diallo%40exemple')).total).toBe(18)
    expect((await list('?search=%25')).total).toBe(0)
    const id = ids.thies[1]!
    expect((await list(`?search=${id}`)).orders.map((o) => o.id)).toEqual([id])
    expect((await list(`?search=%23${id}`)).orders.map((o) => o.id)).toEqual([id])
    expect((await list('?search=99999999999')).total).toBe(0)
  })

  it('pages a name search newest first, with its total', async () => {
    const all = await list('?search=DIALLO&limit=100')
    const newest = [...all.orders]
      .sort((a, b) => +new Date(b.createdAt) - +new Date(a.createdAt) || b.id - a.id)
      .map((o) => o.id)
    expect(all.orders.map((o) => o.id)).toEqual(newest)
    const second = await list('?search=DIALLO&limit=5&page=2')
    expect(second.total).toBe(18)
    expect(second.orders.map((o) => o.id)).toEqual(newest.slice(5, 10))
  })
})

describe('GET /_api/admin/orders: scope', () => {
  it('gives an admin its own country, whatever ?country says', async () => {
    expect((await list('', cookies.admin)).total).toBe(22)
    expect((await list('?country=Mali', cookies.admin)).total).toBe(22)
    const ml = await list('', cookies.adminMl)
    expect(ml.orders.map((o) => o.id)).toEqual(newestFirst(ids.mali))
  })

  it('gives root every country, or the one named (case-insensitive); an unknown name matches nothing', async () => {
    expect((await list('', cookies.root)).total).toBe(25)
    expect((await list('?country=mali', cookies.root)).total).toBe(3)
    expect((await list('?country=S%C3%A9n%C3%A9gal&status=pending', cookies.root)).total).toBe(12)
    expect(await list('?country=Atlantide', cookies.root)).toEqual({ orders: [], total: 0 })
  })

  it('refuses signed-out callers (401), clients and drivers (403)', async () => {
    expect((await get(t, '/_api/admin/orders')).statusCode).toBe(401)
    for (const role of ['client', 'delivery_driver']) {
      const res = await get(t, '/_api/admin/orders', cookies[role])
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toBe('Accès non autorisé')
    }
  })
})

describe('GET /_api/admin/orders: validation', () => {
  it.each([
    ['?page=0', 'La page doit être au moins 1.'],
    ['?limit=0', 'La limite doit être au moins 1.'],
    ['?limit=101', 'La limite ne peut pas dépasser 100.'],
    ['?status=shipped', 'Statut de commande invalide.'],
    ['?cityId=abc', 'Ville invalide.'],
    ['?zoneId=-2', 'Zone invalide.'],
    ['?sort=id', null],
  ])('%s answers 400', async (q, message) => {
    const res = await get(t, `/_api/admin/orders${q}`, cookies.super_admin)
    expect(res.statusCode).toBe(400)
    if (message) expect(res.json().error).toBe(message)
  })
})

describe('GET /_api/admin/orders: the total without filters (read from the rollups)', () => {
  it('counts an order the moment it is written or deleted, before any fold', async () => {
    const before = await list('?country=Mali', cookies.root)
    const all = (await list('', cookies.root)).total
    const fatou = await createUser(t.db, { country: 'ML', displayName: 'Cliente Mali' })
    const o = await createOrder(t.db, { user: fatou })
    expect((await list('?country=Mali', cookies.root)).total).toBe(before.total + 1)
    expect((await list('', cookies.root)).total).toBe(all + 1)
    await t.db.execute(sql`delete from orders where id = ${o.id}`)
    expect((await list('?country=Mali', cookies.root)).total).toBe(before.total)
    const counted = (await t.db.execute(sql`select count(*)::int as n from orders`)) as unknown as {
      rows: { n: number }[]
    }
    expect((await list('', cookies.root)).total).toBe(counted.rows[0]!.n)
  })
})

describe('GET /_api/admin/orders: the count cap', () => {
  it('reports 10 000 for more than 10 000 orders, and still pages', async () => {
    const gabon = await createUser(t.db, { country: 'GA', displayName: 'Client Gabon' })
    const first = await createOrder(t.db, { user: gabon, createdAt: new Date(Date.UTC(2025, 0, 1)) })
    // 10 004 more copies of that order, written by the database in one statement.
    await t.db.execute(sql`
      insert into orders (user_id, country_id, city_id, zone_id, subtotal_amount, total_amount, delivery_address,
        delivery_city, delivery_country, delivery_phone, zone_name, customer_name, created_at)
      select user_id, country_id, city_id, zone_id, subtotal_amount, total_amount, delivery_address, delivery_city,
        delivery_country, delivery_phone, zone_name, customer_name, created_at - (g * interval '1 second')
      from orders, generate_series(1, 10004) g where id = ${first.id}`)
    const page = await list('?country=Gabon&limit=100&page=3', cookies.root)
    expect(page.total).toBe(10_000)
    expect(page.orders).toHaveLength(100)
    const exact = await list('?country=Gabon&search=Client%20Gabon', cookies.root)
    expect(exact.total).toBe(10_000)
    // Kept in the order counts (place and status), capped the same.
    const byPlace = await list(
      `?cityId=${first.cityId}&zoneId=${first.zoneId}&status=pending&limit=5`,
      cookies.root,
    )
    expect(byPlace.total).toBe(10_000)
    expect(byPlace.orders).toHaveLength(5)
  })
})

describe('GET /_api/admin/orders: search by a name the client had (user_former_names, migration 0008)', () => {
  it('finds every order of a client by their current name, and by an old name the orders placed under it', async () => {
    const binta = await createUser(t.db, {
      country: 'SN',
      displayName: 'Binta Sow',
      email: 'binta@exemple.sn',
    })
    const at = (minute: number) => new Date(Date.UTC(2026, 1, 1, 8, minute))
    const before = (await createOrder(t.db, { user: binta, createdAt: at(0) })).id
    await t.db.execute(sql`update users set display_name = 'Binta Camara' where id = ${binta.id}`)
    const after = (
      await createOrder(t.db, { user: { ...binta, displayName: 'Binta Camara' }, createdAt: at(1) })
    ).id
    // An order written under a name that was never the account's (a stored name is kept as is).
    const other = (
      await createOrder(t.db, { user: { ...binta, displayName: 'Ndeye Khady Faye' }, createdAt: at(2) })
    ).id

    const found = async (q: string) =>
      (await list(`?search=${encodeURIComponent(q)}`, cookies.root)).orders.map((o) => o.id)
    expect(await found('camara')).toEqual([other, after, before])
    expect(await found('binta@exemple')).toEqual([other, after, before])
    expect(await found('sow')).toEqual([before])
    expect(await found('Binta Sow')).toEqual([before])
    expect(await found('khady')).toEqual([other])
    const page = await list(`?search=sow`, cookies.root)
    expect(page.total).toBe(1)
    // Scoped like every search: the Malian admin sees none of these Senegalese orders.
    expect((await list('?search=camara', cookies.adminMl)).total).toBe(0)
  })
})
