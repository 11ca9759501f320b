import type { Role } from '../../src/shared/domain/roles'
import type { Db } from '../../src/server/db/client'
import { createSession, SESSION_COOKIE } from '../../src/server/http/session'
import {
  createContactMessage,
  createOrder,
  createProduct,
  createUser,
  firstZoneOf,
  login,
} from '../factories'
import type { TestApp } from '../setup/test-app'
import type { Caller, Cc } from './permission-policy'

/** The callers of the matrix: own country Sénégal, except the admin of Mali. */
export const callerSpecs: readonly { name: string; role: Role | null; cc: Cc }[] = [
  { name: 'anonymous', role: null, cc: 'SN' },
  { name: 'client', role: 'client', cc: 'SN' },
  { name: 'user', role: 'user', cc: 'SN' },
  { name: 'delivery_driver', role: 'delivery_driver', cc: 'SN' },
  { name: 'admin SN', role: 'admin', cc: 'SN' },
  { name: 'admin ML', role: 'admin', cc: 'ML' },
  { name: 'super_admin SN', role: 'super_admin', cc: 'SN' },
  { name: 'root', role: 'root', cc: 'SN' },
]

export type SignedCaller = Caller & { email: string | null; cookie: string | undefined }

async function countryFixtures(db: Db, cc: Cc) {
  const { country, city, zone } = await firstZoneOf(db, cc)
  const product = await createProduct(db, { country: cc, name: `Produit ${cc}` })
  const customer = await createUser(db, { role: 'client', country: cc, displayName: `Client ${cc}` })
  const driver = await createUser(db, { role: 'delivery_driver', country: cc, displayName: `Livreur ${cc}` })
  const order = await createOrder(db, { user: customer })
  return { country, city, zone, product, customer, driver, order }
}

/**
 * Records of both countries, made once: a product, a customer (a client who is none of the
 * callers), a driver and an order of that customer per country; the callers, signed in; an
 * order of each shopper caller and an in-delivery order of the driver caller; a contact message.
 */
export async function buildFixtures(t: TestApp) {
  const db = t.db
  const SN = await countryFixtures(db, 'SN')
  const ML = await countryFixtures(db, 'ML')
  const callers: Record<string, SignedCaller> = {}
  for (const spec of callerSpecs) {
    if (!spec.role) {
      callers[spec.name] = { ...spec, id: null, email: null, cookie: undefined }
      continue
    }
    const row = await createUser(db, {
      role: spec.role,
      country: spec.cc,
      displayName: `Appelant ${spec.name}`,
    })
    callers[spec.name] = { ...spec, id: row.id, email: row.email, cookie: await login(t, row.email) }
  }
  const ownOrders: Record<string, { id: number }> = {}
  for (const name of ['client', 'user']) {
    const c = callers[name]!
    ownOrders[name] = await createOrder(db, {
      user: { id: c.id!, displayName: name, countryId: SN.country.id },
    })
  }
  const driver = callers.delivery_driver!
  await createOrder(db, { user: SN.customer, status: 'in_delivery', driverId: driver.id })
  const loginAccount = await createUser(db, { role: 'client', country: 'SN' })
  const message = await createContactMessage(db)
  return { db, SN, ML, callers, ownOrders, loginAccount, message }
}

export type MatrixFixtures = Awaited<ReturnType<typeof buildFixtures>>

/**
 * Gives a caller a new session after a call that ended it (login, logout). The session is
 * written directly: the caller signed in through the API once already, and hashing a password
 * for every login and logout cell would take most of the test's time.
 */
export async function resign(t: TestApp, caller: SignedCaller) {
  if (caller.id === null) return
  const { token } = await createSession(t.db, caller.id)
  caller.cookie = `${SESSION_COOKIE}=${token}`
}
