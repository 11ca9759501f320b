import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../src/server/db/schema'
import { createOrder, createUser, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

type Driver = {
  id: number
  displayName: string
  email: string
  phoneNumber: string | null
  isActive: boolean
  inDelivery: { orderId: number; slotStartsAt: Date | null; slotTimeZone: string | null }[]
}
type Order = {
  id: number
  status: string
  driver: { id: number; name: string } | null
  deliveryDriverName: string | null
  events: { type: string; fromValue: string | null; toValue: string | null }[]
}

let t: TestApp
const cookies = {} as Record<string, string> &
  Record<'root' | 'super_admin' | 'admin' | 'client' | 'delivery_driver' | 'adminMl', string>
const d: Record<string, { id: number; displayName: string; email: string }> = {}
let snClient: Awaited<ReturnType<typeof createUser>>
let mlClient: Awaited<ReturnType<typeof createUser>>

beforeAll(async () => {
  t = await createTestApp()
  d.bamba = await createUser(t.db, { role: 'delivery_driver', country: 'SN', displayName: 'Bamba Fall' })
  d.awa = await createUser(t.db, { role: 'delivery_driver', country: 'SN', displayName: 'Awa Ka' })
  d.off = await createUser(t.db, {
    role: 'delivery_driver',
    country: 'SN',
    displayName: 'Cheikh Inactif',
    isActive: false,
  })
  d.mali = await createUser(t.db, { role: 'delivery_driver', country: 'ML', displayName: 'Oumar Keïta' })
  snClient = await createUser(t.db, { country: 'SN' })
  mlClient = await createUser(t.db, { country: 'ML' })
  for (const role of ['root', 'super_admin', 'admin', 'client'] as const)
    cookies[role] = (await signedIn(t, role, 'SN')).cookie
  // the refused driver lives in Burkina Faso, so that it joins no list below
  cookies.delivery_driver = (await signedIn(t, 'delivery_driver', 'BF')).cookie
})
afterAll(() => t.close())

const driversOf = async (query: string, cookie: string) => {
  const res = await get(t, `/_api/drivers${query}`, cookie)
  expect(res.statusCode, res.body).toBe(200)
  return decode<{ drivers: Driver[] }>(res.body).drivers
}
const assign = (orderId: unknown, driverId: unknown, cookie = cookies.super_admin) =>
  post(t, '/_api/assigndriver', { orderId, driverId }, cookie)

describe('GET /_api/drivers', () => {
  it('lists the active drivers of the order’s country, by name, with their contact fields', async () => {
    const o = await createOrder(t.db, { user: snClient })
    const list = await driversOf(`?orderId=${o.id}`, cookies.admin)
    expect(list).toEqual([
      {
        id: d.awa!.id,
        displayName: 'Awa Ka',
        email: d.awa!.email,
        phoneNumber: '+221 77 000 00 00',
        isActive: true,
        inDelivery: [],
      },
      {
        id: d.bamba!.id,
        displayName: 'Bamba Fall',
        email: d.bamba!.email,
        phoneNumber: '+221 77 000 00 00',
        isActive: true,
        inDelivery: [],
      },
    ])
    // root, from Sénégal, asking for a Malian order gets Mali's drivers
    const ml = await createOrder(t.db, { user: mlClient })
    expect((await driversOf(`?orderId=${ml.id}`, cookies.root)).map((x) => x.id)).toEqual([d.mali!.id])
  })

  it('gives each driver its load: its orders in delivery, by slot', async () => {
    const slot = (id: number, start: string, end: string) =>
      t.db
        .update(orders)
        .set({ slotStartsAt: new Date(start), slotEndsAt: new Date(end), slotTimeZone: 'Africa/Dakar' })
        .where(eq(orders.id, id))
    const late = await createOrder(t.db, { user: snClient, status: 'in_delivery', driverId: d.awa!.id })
    const early = await createOrder(t.db, { user: snClient, status: 'in_delivery', driverId: d.awa!.id })
    const none = await createOrder(t.db, { user: snClient, status: 'in_delivery', driverId: d.awa!.id })
    await createOrder(t.db, { user: snClient, status: 'delivered', driverId: d.awa!.id })
    await slot(late.id, '2026-11-26T14:00:00Z', '2026-11-26T16:00:00Z')
    await slot(early.id, '2026-11-26T10:00:00Z', '2026-11-26T12:00:00Z')
    const list = await driversOf('', cookies.admin)
    const awa = list.find((x) => x.id === d.awa!.id)!
    expect(awa.inDelivery.map((o) => o.orderId)).toEqual([early.id, late.id, none.id])
    expect(awa.inDelivery[0]).toMatchObject({
      slotStartsAt: new Date('2026-11-26T10:00:00Z'),
      slotTimeZone: 'Africa/Dakar',
    })
    expect(list.find((x) => x.id === d.bamba!.id)!.inDelivery).toEqual([])
    // Back to free for the tests after this one.
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.deliveryDriverId, d.awa!.id))
  })

  it('without orderId lists the caller’s country’s active drivers', async () => {
    expect((await driversOf('', cookies.super_admin)).map((x) => x.displayName)).toEqual([
      'Awa Ka',
      'Bamba Fall',
    ])
  })

  it('answers 404 for another country’s order, 400 for a bad id, 401 and 403', async () => {
    const ml = await createOrder(t.db, { user: mlClient })
    const res = await get(t, `/_api/drivers?orderId=${ml.id}`, cookies.admin)
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('Commande non trouvée')
    const bad = await get(t, '/_api/drivers?orderId=x', cookies.admin)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('ID de commande manquant ou invalide.')
    expect((await get(t, '/_api/drivers')).statusCode).toBe(401)
    expect((await get(t, '/_api/drivers', cookies.client)).statusCode).toBe(403)
    expect((await get(t, '/_api/drivers', cookies.delivery_driver)).statusCode).toBe(403)
  })
})

describe('POST /_api/assigndriver', () => {
  it('assigns an active driver of the order’s country, keeps the status and writes a driver event', async () => {
    const o = await createOrder(t.db, { user: snClient, status: 'in_preparation' })
    const res = await assign(o.id, d.bamba!.id, cookies.admin)
    expect(res.statusCode).toBe(200)
    let order = decode<{ order: Order }>(res.body).order
    expect(order).toMatchObject({
      status: 'in_preparation',
      deliveryDriverName: 'Bamba Fall',
      driver: { id: d.bamba!.id, name: 'Bamba Fall' },
    })
    expect(order.events.at(-1)).toMatchObject({ type: 'driver', fromValue: null, toValue: 'Bamba Fall' })
    // changing the driver records both names; assigning the same driver again writes nothing
    order = decode<{ order: Order }>((await assign(o.id, d.awa!.id)).body).order
    expect(order.events.at(-1)).toMatchObject({ type: 'driver', fromValue: 'Bamba Fall', toValue: 'Awa Ka' })
    order = decode<{ order: Order }>((await assign(o.id, d.awa!.id)).body).order
    expect(order.events.filter((e) => e.type === 'driver')).toHaveLength(2)
  })

  it('refuses an inactive driver, another country’s driver and a non-driver with a French 400', async () => {
    const o = await createOrder(t.db, { user: snClient })
    for (const driverId of [d.off!.id, d.mali!.id, snClient.id, 999999]) {
      const res = await assign(o.id, driverId)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('Ce livreur n’est pas un livreur actif du pays de la commande.')
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id))
    expect(row!.deliveryDriverId).toBeNull()
  })

  it('answers the schema’s messages for a missing driver or order', async () => {
    const o = await createOrder(t.db, { user: snClient })
    for (const body of [
      { orderId: o.id },
      { orderId: o.id, driverId: null },
      { orderId: o.id, driverId: 0 },
    ]) {
      const res = await post(t, '/_api/assigndriver', body, cookies.admin)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('Veuillez sélectionner un livreur')
    }
    const res = await post(t, '/_api/assigndriver', { driverId: d.bamba!.id }, cookies.admin)
    expect(res.json().error).toBe('ID de commande manquant ou invalide.')
  })

  it('answers 404 for another country’s order; root may assign there', async () => {
    const ml = await createOrder(t.db, { user: mlClient })
    const res = await assign(ml.id, d.mali!.id, cookies.admin)
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('Commande non trouvée')
    expect((await assign(ml.id, d.mali!.id, cookies.root)).statusCode).toBe(200)
  })

  it('refuses signed-out callers (401), clients and drivers (403)', async () => {
    const o = await createOrder(t.db, { user: snClient })
    expect((await assign(o.id, d.bamba!.id, '')).statusCode).toBe(401)
    expect((await assign(o.id, d.bamba!.id, cookies.client)).statusCode).toBe(403)
    expect((await assign(o.id, d.bamba!.id, cookies.delivery_driver)).statusCode).toBe(403)
  })
})
