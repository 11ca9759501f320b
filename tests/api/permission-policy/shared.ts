import type { Role } from '../../../src/shared/domain/roles'
import type { Config } from '../../../src/server/config'
import type { MatrixFixtures } from '../permission-fixtures'
import { eq } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import { deliveryAddresses, orders, passwordResets, preparations, users } from '../../../src/server/db/schema'
import { createOrder, createUser, PASSWORD } from '../../factories'

/** The policies' types and the helpers their inputs share (index.ts says what a policy is). */

/** 'public': visitors too; 'signed-in': any session; else only these roles (401 signed out, 403 others). */
export type Who = 'public' | 'signed-in' | readonly Role[]

/**
 * How the caller's country applies when the record (or filter) belongs to another country:
 * - global: nothing is country-bound, the call answers as for one's own;
 * - country: own country only, another answers 404 as absent; root acts on all countries;
 * - own-records: only the caller's own records (its orders, its deliveries): anything else 404;
 * - list: a list of the caller's country: 404, or an answer holding none of another country's
 *   records (root: all); `listed` names the records the answer holds;
 * - forced-own: a creation lands in the caller's own country whatever it asks (root: any);
 *   `created` gives the new record's country;
 * - refused: the call is refused (4xx, neither 401 nor 403) and stores nothing.
 */
export type Scope = 'global' | 'country' | 'own-records' | 'list' | 'forced-own' | 'refused'

export type Cc = 'SN' | 'ML'
export type Kind = 'order' | 'user' | 'city' | 'zone' | 'product' | 'campaign' | 'coupon' | 'shop' | 'voucher'
export type Caller = { name: string; role: Role | null; cc: Cc; id: number | null }
/** `reaches`: the policy lets this caller past the role check (else fixtures may be reused: nothing changes). */
/** `neighbour`: a record of someone else in the caller's own country (own-records scopes only). */
export type Cell = { f: MatrixFixtures; caller: Caller; cc: Cc; reaches: boolean; neighbour?: boolean }
export type Body = Record<string, unknown>

export type Policy = {
  who: Who
  scope: Scope | Partial<Record<Role, Scope>>
  /** The line of docs/rules/people.md#who-may-do-what this policy comes from. */
  rule: string
  /** A valid input (query or body) acting on a record of country `cc`; fresh records for mutations. */
  input: (cell: Cell) => Body | Promise<Body>
  /** The records a list answer holds, to check they are within the caller's reach. */
  listed?: (body: Body) => { kind: Kind; ids: number[] }
  /** The country id of the record a creation made. */
  created?: (body: Body) => number | null
  /** An upload's body (else a photo). */
  file?: () => Buffer
  /** The call ends the caller's session (logout; login replaces it): sign the caller in again after. */
  endsSession?: true
}

export const STAFF = ['root', 'super_admin', 'admin'] as const
export const MANAGERS = ['root', 'super_admin'] as const
export const ROOT = ['root'] as const
export const SHOPPERS = ['client', 'user'] as const
export const DRIVER = ['delivery_driver'] as const
/** Who may have a second factor and sees its own sessions (docs/rules/people.md#accounts). */
export const SECOND_FACTOR = ['root', 'super_admin', 'admin', 'delivery_driver'] as const
export const noKey = { TWO_FACTOR_KEY: undefined } as Config

let n = 0
export const next = () => ++n
/** A slot's window no other slot of the city starts at: 30 minutes from a fresh minute of the day. */
export const slotTimes = () => {
  const m = (next() * 7) % 1380
  const at = (x: number) =>
    `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`
  return { startsAt: at(m), endsAt: at(m + 30) }
}
/** A preparation of the country's list, made for one call. */
export const freshPreparation = async (f: MatrixFixtures, cc: Cc) => {
  const [row] = await f.db
    .insert(preparations)
    .values({ countryId: f[cc].country.id, name: `Préparation matrice ${next()}` })
    .returning({ id: preparations.id })
  return row!.id
}

/** A delivered order of country `cc` whose client paid 1 000 F of 3 000 F (docs/rules/money.md#partly-paid). */
export const partlyPaidOrder = async (f: MatrixFixtures, cc: Cc, driverId: number) => {
  const order = await createOrder(f.db, {
    user: f[cc].customer,
    status: 'delivered',
    driverId,
    lines: [{ price: 3000, quantity: 1, unitType: 'unit' }],
  })
  await f.db
    .update(orders)
    .set({ paymentStatus: 'partly_paid', amountPaid: 1000 })
    .where(eq(orders.id, order.id))
  return order
}

export const ids = (rows: unknown) => (rows as { id: number }[]).map((r) => r.id)
/** The first column of a CSV answer's rows (its heading aside): the ids it lists. */
export const csvIds = (b: Record<string, unknown>) =>
  String(b.csv)
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => Number(line.split(';')[0]))
/** A fresh address: the caller's own when the cell acts on its own records, else the country's customer's. */
export async function addressOf({ f, caller, cc, neighbour, reaches }: Cell) {
  const own = cc === caller.cc && !neighbour && reaches && caller.id !== null
  const [row] = await f.db
    .insert(deliveryAddresses)
    .values({
      userId: own ? caller.id! : f[cc].customer.id,
      label: 'Maison',
      cityId: f[cc].city.id,
      zoneId: f[cc].zone.id,
      address: 'Villa 4',
    })
    .returning({ id: deliveryAddresses.id })
  return row!.id
}

/** A number no other account has (one account per number: docs/rules/people.md#accounts). */
let phones = 0
/** The next of the numbers fresh accounts and resets count with. */
export const nextPhone = () => ++phones
export const freshPhone = (cc: Cc) => {
  const k = String(++phones).padStart(6, '0')
  const rest = `${k.slice(0, 2)} ${k.slice(2, 4)} ${k.slice(4, 6)}`
  return cc === 'SN' ? `77 5${rest.slice(0, 2)} ${rest.slice(3)}` : `70 ${rest}`
}
/** A reset of a fresh account, live: its link's token (e-mail) or code 123456 (SMS, at `phone`). */
export async function liveReset(f: MatrixFixtures, channel: 'email' | 'sms', phone?: string) {
  const user = await createUser(f.db, { role: 'client', country: 'SN' })
  if (phone) await f.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, user.id))
  const selector = `matrice${++phones}`
  const secret = channel === 'email' ? 'S'.repeat(43) : '123456'
  const sha = (v: string) => createHash('sha256').update(v).digest('hex')
  await f.db.insert(passwordResets).values({
    userId: user.id,
    channel,
    selector,
    secretHash: sha(secret),
    passwordFingerprint: sha(user.passwordHash),
    expiresAt: new Date(Date.now() + 600_000),
  })
  return `${selector}.${secret}`
}
export const account = (f: MatrixFixtures, cc: Cc) => ({
  email: `matrice${next()}.${Date.now()}@test.etal`,
  password: PASSWORD,
  displayName: 'Compte Matrice',
  phoneNumber: `+221 ${freshPhone('SN')}`,
  city: 'Ville',
  country: f[cc].country.name,
})
export const userCountry = (body: Body) => (body.user as { countryId: number | null }).countryId
/** A fresh order of country cc's customer for a caller the policy lets through; else the fixture order. */
export const freshOrder = async (
  { f, cc, reaches }: Cell,
  extra: { status?: 'in_delivery'; driverId?: number } = {},
) => (reaches ? createOrder(f.db, { user: f[cc].customer, ...extra }) : f[cc].order)

/** Whose order a cell acts on: the caller itself when the cell is its own, else country cc's customer. */
export const ordersClient = ({ f, caller, cc, neighbour, reaches }: Cell) =>
  cc === caller.cc && !neighbour && reaches && f.ownOrders[caller.name]
    ? { id: caller.id!, displayName: caller.name, countryId: f[cc].country.id }
    : f[cc].customer

/** An order of pieces (payable at once): the caller's own when the cell is its own, else the country's customer's. */
export const payableOrder = async (cell: Cell) => {
  const { f, cc, reaches } = cell
  const user = ordersClient(cell)
  return reaches
    ? createOrder(f.db, { user, lines: [{ price: 3000, quantity: 1, unitType: 'unit' }] })
    : f[cc].order
}
