import type { Role } from '../../src/shared/domain/roles'
import { eq } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import {
  coupons,
  deliveryAddresses,
  deliverySlots,
  orderItems,
  orders,
  passwordResets,
  paymentAttempts,
  preparations,
  users,
} from '../../src/server/db/schema'
import type { Config } from '../../src/server/config'
import { createSession, hashToken } from '../../src/server/http/session'
import { createChallenge, startEnrolment, totpCode } from '../../src/server/services/people/two-factor'
import { freshCode, secretOf } from '../two-factor'
import {
  awaitingAgreement,
  createContactMessage,
  createOrder,
  createProduct,
  createUser,
  deliveryIn,
  PASSWORD,
} from '../factories'
import type { MatrixFixtures } from './permission-fixtures'
import { campaignPolicies } from './permission-policy-campaigns'

/**
 * Who may call what: one policy per endpoint of the registry, keyed `METHOD path`, written from
 * docs/rules/people.md#who-may-do-what (not from the code). tests/api/permission-matrix.test.ts calls
 * every endpoint as every caller and holds each answer to its policy; an endpoint of the
 * registry without a policy here fails that test (deny by default).
 */

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
export type Kind = 'order' | 'user' | 'city' | 'zone' | 'product' | 'campaign' | 'coupon'
export type Caller = { name: string; role: Role | null; cc: Cc; id: number | null }
/** `reaches`: the policy lets this caller past the role check (else fixtures may be reused: nothing changes). */
/** `neighbour`: a record of someone else in the caller's own country (own-records scopes only). */
export type Cell = { f: MatrixFixtures; caller: Caller; cc: Cc; reaches: boolean; neighbour?: boolean }
type Body = Record<string, unknown>

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

const STAFF = ['root', 'super_admin', 'admin'] as const
const MANAGERS = ['root', 'super_admin'] as const
const ROOT = ['root'] as const
const SHOPPERS = ['client', 'user'] as const
const DRIVER = ['delivery_driver'] as const
/** Who may have a second factor and sees its own sessions (docs/rules/people.md#accounts). */
const SECOND_FACTOR = ['root', 'super_admin', 'admin', 'delivery_driver'] as const
const noKey = { TWO_FACTOR_KEY: undefined } as Config

let n = 0
const next = () => ++n
/** A slot's window no other slot of the city starts at: 30 minutes from a fresh minute of the day. */
const slotTimes = () => {
  const m = (next() * 7) % 1380
  const at = (x: number) =>
    `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`
  return { startsAt: at(m), endsAt: at(m + 30) }
}
/** A preparation of the country's list, made for one call. */
const freshPreparation = async (f: MatrixFixtures, cc: Cc) => {
  const [row] = await f.db
    .insert(preparations)
    .values({ countryId: f[cc].country.id, name: `Préparation matrice ${next()}` })
    .returning({ id: preparations.id })
  return row!.id
}

/** A delivered order of country `cc` whose client paid 1 000 F of 3 000 F (docs/rules/money.md#partly-paid). */
const partlyPaidOrder = async (f: MatrixFixtures, cc: Cc, driverId: number) => {
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

/** A coupon of country `cc`, made for one call (docs/rules/commerce.md#coupons). */
const freshCoupon = async (f: MatrixFixtures, cc: Cc) => {
  const [row] = await f.db
    .insert(coupons)
    .values({ countryId: f[cc].country.id, code: `MATRICE${next()}`, kind: 'amount', value: 500 })
    .returning({ id: coupons.id })
  return row!.id
}

const ids = (rows: unknown) => (rows as { id: number }[]).map((r) => r.id)
/** The first column of a CSV answer's rows (its heading aside): the ids it lists. */
const csvIds = (b: Record<string, unknown>) =>
  String(b.csv)
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => Number(line.split(';')[0]))
/** A fresh address: the caller's own when the cell acts on its own records, else the country's customer's. */
async function addressOf({ f, caller, cc, neighbour, reaches }: Cell) {
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
const freshPhone = (cc: Cc) => {
  const k = String(++phones).padStart(6, '0')
  const rest = `${k.slice(0, 2)} ${k.slice(2, 4)} ${k.slice(4, 6)}`
  return cc === 'SN' ? `77 5${rest.slice(0, 2)} ${rest.slice(3)}` : `70 ${rest}`
}
/** A reset of a fresh account, live: its link's token (e-mail) or code 123456 (SMS, at `phone`). */
async function liveReset(f: MatrixFixtures, channel: 'email' | 'sms', phone?: string) {
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
const account = (f: MatrixFixtures, cc: Cc) => ({
  email: `matrice${next()}.${Date.now()}@test.etal`,
  password: PASSWORD,
  displayName: 'Compte Matrice',
  phoneNumber: `+221 ${freshPhone('SN')}`,
  city: 'Ville',
  country: f[cc].country.name,
})
const userCountry = (body: Body) => (body.user as { countryId: number | null }).countryId
/** A fresh order of country cc's customer for a caller the policy lets through; else the fixture order. */
const freshOrder = async (
  { f, cc, reaches }: Cell,
  extra: { status?: 'in_delivery'; driverId?: number } = {},
) => (reaches ? createOrder(f.db, { user: f[cc].customer, ...extra }) : f[cc].order)

/** An order of pieces (payable at once): the caller's own when the cell is its own, else the country's customer's. */
const payableOrder = async ({ f, caller, cc, neighbour, reaches }: Cell) => {
  const own = cc === caller.cc && !neighbour && reaches && f.ownOrders[caller.name]
  const user = own
    ? { id: caller.id!, displayName: caller.name, countryId: f[cc].country.id }
    : f[cc].customer
  return reaches
    ? createOrder(f.db, { user, lines: [{ price: 3000, quantity: 1, unitType: 'unit' }] })
    : f[cc].order
}

export const policies: Record<string, Policy> = {
  ...campaignPolicies,
  // ---- auth ------------------------------------------------------------------------------
  'GET /_api/auth/session': {
    who: 'signed-in',
    scope: 'global',
    rule: "API answers: signed out, GET /_api/auth/session answers 401 { error: 'Non authentifié' }",
    input: () => ({}),
  },
  'POST /_api/auth/login_with_password': {
    who: 'public',
    scope: 'global',
    rule: 'Routes: the three login pages are for everyone',
    input: ({ f }) => ({ email: f.loginAccount.email, password: PASSWORD }),
    endsSession: true,
  },
  'POST /_api/auth/logout': {
    who: 'public',
    scope: 'global',
    rule: 'Logout ends the current session, if any',
    input: () => ({}),
    endsSession: true,
  },
  'POST /_api/auth/register_with_password': {
    who: 'public',
    scope: 'global',
    rule: 'Routes: /register is for everyone; registration offers the active countries',
    // A local number of the country (docs/rules/people.md#phones): Senegal's 9 digits, Mali's 8.
    input: ({ f, cc }) => ({ ...account(f, cc), phoneNumber: freshPhone(cc) }),
  },
  // A forgotten password (docs/rules/people.md#accounts): anyone may ask, for any address.
  'POST /_api/auth/password/forgot': {
    who: 'public',
    scope: 'global',
    rule: 'Accounts: anyone may ask for a new password; the answer is the same for any address',
    input: () => ({ identifier: `oubli${++phones}@test.etal` }),
  },
  // A live link or code of a fresh account: the call signs the caller in as that account.
  'POST /_api/auth/password/reset_with_link': {
    who: 'public',
    scope: 'global',
    rule: 'Accounts: a live link sets a new password',
    input: async ({ f }) => ({ token: await liveReset(f, 'email'), password: 'Nouveau-2026!' }),
    endsSession: true,
  },
  'POST /_api/auth/password/reset_with_code': {
    who: 'public',
    scope: 'global',
    rule: 'Accounts: a live code sets a new password',
    input: async ({ f }) => {
      const phone = `+221 ${freshPhone('SN')}`
      await liveReset(f, 'sms', phone)
      return { identifier: phone, code: '123456', password: 'Nouveau-2026!' }
    },
    endsSession: true,
  },
  // ---- the account ----------------------------------------------------------------------
  // Staff two-factor and sessions (docs/rules/people.md#accounts).
  'POST /_api/auth/two_factor/verify': {
    who: 'public',
    scope: 'global',
    rule: 'Accounts: the second step of a sign-in, for whoever holds the pending sign-in of the password step',
    // A fresh root's pending sign-in (its cookie rides along) and a code of its app: signed in as it.
    input: async ({ f }) => {
      const root = await createUser(f.db, { role: 'root', country: 'SN' })
      const { token } = await createChallenge(f.db, root.id, 'code')
      const code = await freshCode(f.db, root.id, (await secretOf(f.db, root.id))!)
      return { code, __cookie: `etal_pending=${token}` }
    },
    endsSession: true,
  },
  'POST /_api/auth/two_factor/setup': {
    who: SECOND_FACTOR,
    scope: 'global',
    rule: 'Accounts: root and super_admin enrol at sign-in; admins and drivers may from their account',
    input: () => ({}),
  },
  'POST /_api/auth/two_factor/enable': {
    who: SECOND_FACTOR,
    scope: 'global',
    rule: 'Accounts: the first code of a new authenticator enrols it',
    input: async ({ f, caller, reaches }) => {
      if (!reaches || caller.id === null) return { code: '000000' }
      const [me] = await f.db.select().from(users).where(eq(users.id, caller.id))
      // An account that has an authenticator moves to another with a code of the current one.
      const current = await secretOf(f.db, caller.id)
      const currentCode = current ? await freshCode(f.db, caller.id, current) : undefined
      const { secret } = await startEnrolment(f.db, noKey, me!)
      return { code: totpCode(secret), currentCode }
    },
  },
  'GET /_api/auth/two_factor/status': {
    who: SECOND_FACTOR,
    scope: 'global',
    rule: 'Accounts: a staff member sees whether its second factor is on',
    input: () => ({}),
  },
  'GET /_api/account/sessions': {
    who: SECOND_FACTOR,
    scope: 'global',
    rule: 'Accounts: a staff member sees its own active sessions',
    input: () => ({}),
  },
  'POST /_api/account/sessions/end': {
    who: SECOND_FACTOR,
    scope: 'global',
    rule: 'Accounts: a staff member ends any of its own sessions',
    input: async ({ f, caller, reaches }) => {
      if (!reaches || caller.id === null) return { id: 'a'.repeat(64) }
      const { token } = await createSession(f.db, caller.id)
      return { id: hashToken(token) }
    },
  },
  'POST /_api/account/sessions/end-others': {
    who: SECOND_FACTOR,
    scope: 'global',
    rule: 'Accounts: a staff member ends all its sessions but this one',
    input: () => ({}),
  },
  'POST /_api/admin/users/reset-two-factor': {
    who: ROOT,
    scope: 'global',
    rule: "Accounts: root resets another staff member's second factor",
    input: async ({ f, cc, reaches }) =>
      reaches
        ? { userId: (await createUser(f.db, { role: 'super_admin', country: cc })).id }
        : { userId: f[cc].customer.id },
  },
  'GET /_api/account/notifications': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Messages: a client chooses e-mail, SMS or both',
    input: () => ({}),
  },
  'POST /_api/account/notifications': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Messages: a client chooses e-mail, SMS or both',
    input: () => ({ email: true, sms: false }),
  },
  // Saved delivery addresses (docs/rules/people.md#delivery-addresses): the client's own only.
  'GET /_api/account/addresses': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Delivery addresses: a client keeps its own',
    input: () => ({}),
  },
  'POST /_api/account/addresses/create': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Delivery addresses: a client keeps its own, in its own country',
    input: ({ f, caller }) => ({
      label: 'Maison',
      cityId: f[caller.cc].city.id,
      zoneId: f[caller.cc].zone.id,
      address: 'Villa 4',
    }),
  },
  'POST /_api/account/addresses/update': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Delivery addresses: a client edits its own only (another’s: 404)',
    input: async (cell) => ({
      id: await addressOf(cell),
      label: 'Bureau',
      cityId: cell.f[cell.cc].city.id,
      zoneId: cell.f[cell.cc].zone.id,
      address: 'Immeuble 2',
    }),
  },
  'POST /_api/account/addresses/delete': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Delivery addresses: a client removes its own only (another’s: 404)',
    input: async (cell) => ({ id: await addressOf(cell) }),
  },
  // ---- storefront (public) ---------------------------------------------------------------
  'GET /_api/countries': {
    who: 'public',
    scope: 'global',
    rule: 'Registration and checkout list active countries',
    input: () => ({}),
  },
  'GET /_api/featured': {
    who: 'public',
    scope: 'global',
    rule: 'Routes: / is for everyone',
    input: () => ({}),
  },
  'GET /_api/products': {
    who: 'public',
    scope: 'global',
    rule: "Small things: GET /_api/products is public and lists every country's active products",
    input: () => ({}),
  },
  'GET /_api/product-categories': {
    who: 'public',
    scope: 'global',
    rule: 'Routes: /products is for everyone',
    input: () => ({}),
  },
  'GET /_api/cities': {
    who: 'public',
    scope: 'global',
    rule: 'Checkout cascade: active cities of any active country',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
  'GET /_api/orders/slots': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Checkout: the delivery slots of a city, with their places left (docs/rules/delivery.md#delivery-slots)',
    input: ({ f, cc }) => ({ cityId: f[cc].city.id }),
  },
  'GET /_api/delivery-terms': {
    who: 'public',
    scope: 'global',
    rule: 'Delivery fees before the cart: anyone reads a country’s terms',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
  'GET /_api/zones/by-city': {
    who: 'public',
    scope: 'global',
    rule: 'Checkout cascade: active zones of an active city',
    input: ({ f, cc }) => ({ cityId: f[cc].city.id }),
  },
  'POST /_api/contact': {
    who: 'public',
    scope: 'global',
    rule: 'Who may do what: send a contact message (also signed out): everyone',
    input: () => ({
      name: 'Visiteur',
      email: 'visiteur@exemple.sn',
      subject: 'Une question',
      message: 'Bonjour, une question sur la viande.',
    }),
  },
  // ---- shopping: client and user -----------------------------------------------------------
  'POST /_api/orders/create': {
    who: SHOPPERS,
    scope: 'refused',
    rule: "Who may do what: checkout is client and user's; Money: the product must be of the client's own country",
    input: async ({ f, cc }) => ({
      items: [{ productId: f[cc].product.id, quantity: 1 }],
      ...(await deliveryIn(f.db, cc)),
    }),
  },
  'GET /_api/orders': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Who may do what: own orders: client, user',
    input: () => ({}),
    listed: (b) => ({ kind: 'order', ids: ids(b.orders) }),
  },
  'GET /_api/dashboard/client': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Who may do what: client dashboard: client, user',
    input: () => ({}),
    listed: (b) => ({ kind: 'order', ids: ids(b.orders) }),
  },
  'GET /_api/orders/details': {
    who: ['client', 'user', ...STAFF],
    scope: {
      client: 'own-records',
      user: 'own-records',
      root: 'country',
      super_admin: 'country',
      admin: 'country',
    },
    rule: 'Who may do what: own orders (client, user); orders detail: root all, super_admin and admin own country; driver –',
    input: ({ f, caller, cc, neighbour }) => ({
      orderId:
        cc === caller.cc && !neighbour && f.ownOrders[caller.name]
          ? f.ownOrders[caller.name]!.id
          : f[cc].order.id,
    }),
  },
  'POST /_api/orders/cancel': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Client cancel: the client cancels its own pending order, with a reason',
    input: async ({ f, caller, cc, neighbour, reaches }) => {
      const own = cc === caller.cc && !neighbour && reaches && f.ownOrders[caller.name]
      const user = own
        ? { id: caller.id!, displayName: caller.name, countryId: f[cc].country.id }
        : f[cc].customer
      const order = await createOrder(f.db, { user })
      return { orderId: order.id, reason: 'Je me suis trompé de produit.' }
    },
  },
  'POST /_api/orders/weigh-answer': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Weigh-in: the client accepts or refuses the weighed total of its own order',
    input: async ({ f, caller, cc, neighbour, reaches }) => {
      const own = cc === caller.cc && !neighbour && reaches && f.ownOrders[caller.name]
      const user = own
        ? { id: caller.id!, displayName: caller.name, countryId: f[cc].country.id }
        : f[cc].customer
      const order = await awaitingAgreement(f.db, { user })
      return { orderId: order.id, decision: 'accept', total: order.totalAmount }
    },
  },
  // ---- delivery ----------------------------------------------------------------------------
  'GET /_api/dashboard/delivery': {
    who: DRIVER,
    scope: 'own-records',
    rule: 'Who may do what: delivery dashboard: delivery_driver',
    input: () => ({}),
    listed: (b) => ({
      kind: 'order',
      ids: [...ids(b.inDeliveryOrders), ...ids(b.assignedOrders), ...ids(b.deliveredOrders)],
    }),
  },
  'POST /_api/delivery/confirm': {
    who: DRIVER,
    scope: 'own-records',
    rule: 'Who may do what: confirm delivery: own assigned orders in delivery',
    input: async (cell) => {
      const { f, caller, cc, neighbour } = cell
      const driverId =
        cc === caller.cc && !neighbour && caller.role === 'delivery_driver' ? caller.id! : f[cc].driver.id
      return { orderId: (await freshOrder(cell, { status: 'in_delivery', driverId })).id }
    },
  },
  'POST /_api/delivery/collect-rest': {
    who: DRIVER,
    scope: 'own-records',
    rule: 'Partly paid orders (docs/rules/money.md#partly-paid): the driver collects the rest of its own delivered order',
    input: async ({ f, caller, cc, neighbour, reaches }) => {
      const driverId =
        cc === caller.cc && !neighbour && caller.role === 'delivery_driver' ? caller.id! : f[cc].driver.id
      return { orderId: reaches ? (await partlyPaidOrder(f, cc, driverId)).id : f[cc].order.id }
    },
  },
  // ---- payments (docs/rules/money.md#payments) -----------------------------------------------------
  'GET /_api/payments/wallets': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Payments: a client sees the mobile money wallets of its own country',
    input: () => ({}),
  },
  'POST /_api/payments/start': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Payments: a client pays its own order by mobile money',
    input: async (cell) => ({ orderId: (await payableOrder(cell)).id, wallet: 'Orange Money' }),
  },
  'GET /_api/payments/status': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Payments: a client follows the payment of its own order',
    input: async (cell) => ({ orderId: (await payableOrder(cell)).id }),
  },
  'POST /_api/payments/method': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Payments: a client switches its own unpaid order to cash or mobile money',
    input: async (cell) => ({ orderId: (await payableOrder(cell)).id, method: 'cash' }),
  },
  'POST /_api/delivery/payments/start': {
    who: DRIVER,
    scope: 'own-records',
    rule: 'Payments: at the door, the assigned driver has its order in delivery paid by mobile money',
    input: async (cell) => {
      const { f, caller, cc, neighbour, reaches } = cell
      const driverId =
        cc === caller.cc && !neighbour && caller.role === 'delivery_driver' ? caller.id! : f[cc].driver.id
      const order = reaches
        ? await createOrder(f.db, {
            user: f[cc].customer,
            status: 'in_delivery',
            driverId,
            lines: [{ price: 3000, quantity: 1, unitType: 'unit' }],
          })
        : f[cc].order
      return { orderId: order.id }
    },
  },
  'GET /_api/delivery/payments/status': {
    who: DRIVER,
    scope: 'own-records',
    rule: 'Payments: the assigned driver follows the payment at the door',
    input: async (cell) => {
      const { f, caller, cc, neighbour } = cell
      const driverId =
        cc === caller.cc && !neighbour && caller.role === 'delivery_driver' ? caller.id! : f[cc].driver.id
      return { orderId: (await freshOrder(cell, { status: 'in_delivery', driverId })).id }
    },
  },
  'GET /_api/admin/orders/payments': {
    who: STAFF,
    scope: 'country',
    rule: 'Payments: staff of the order’s country see its attempts and payment events',
    input: ({ f, cc }) => ({ orderId: f[cc].order.id }),
  },
  'POST /_api/admin/orders/payment-cash': {
    who: STAFF,
    scope: 'country',
    rule: 'Payments: staff of the order’s country switch it to cash, with a reason',
    input: async (cell) => ({ orderId: (await freshOrder(cell)).id, reason: 'Payé en espèces à la porte' }),
  },
  'POST /_api/admin/orders/refund-done': {
    who: STAFF,
    scope: 'country',
    rule: 'Payments: staff of the order’s country record a refund made by hand',
    input: async (cell) => {
      const order = await freshOrder(cell)
      if (!cell.reaches) return { orderId: order.id, attemptId: 1 }
      const [a] = await cell.f.db
        .insert(paymentAttempts)
        .values({
          orderId: order.id,
          reference: `MATRIX${next()}`,
          provider: 'cinetpay',
          countryCode: cell.cc,
          amount: 1000,
          currency: 'XOF',
          status: 'paid',
          refundStatus: 'to_do',
          expiresAt: new Date(),
          nextCheckAt: new Date(),
        })
        .returning()
      return { orderId: order.id, attemptId: a!.id }
    },
  },
  'GET /_api/admin/payments/reconciliation': {
    who: STAFF,
    scope: 'country',
    rule: 'Payments: the reconciliation view: root any country, super_admin and admin their own',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
  // ---- orders (staff) ----------------------------------------------------------------------
  'GET /_api/admin/orders': {
    who: STAFF,
    scope: 'list',
    rule: 'Who may do what: orders list: root all, super_admin and admin own country',
    input: ({ f, cc }) => ({ country: f[cc].country.name }),
    listed: (b) => ({ kind: 'order', ids: ids(b.orders) }),
  },
  'GET /_api/admin/orders/export': {
    who: STAFF,
    scope: 'list',
    rule: 'Who may do what: orders list (its CSV export): root all, super_admin and admin own country',
    input: ({ f, cc }) => ({ country: f[cc].country.name }),
    listed: (b) => ({ kind: 'order', ids: csvIds(b) }),
  },
  'GET /_api/orderdetails': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what: orders detail: root all, super_admin and admin own country',
    input: ({ f, cc }) => ({ orderId: f[cc].order.id }),
  },
  'GET /_api/admin/orders/messages': {
    who: STAFF,
    scope: 'country',
    rule: 'Messages: staff of the order’s country read what the client was told',
    input: ({ f, cc }) => ({ orderId: f[cc].order.id }),
  },
  'GET /_api/live/orders': {
    who: [...STAFF, 'delivery_driver'],
    // What each stream carries (its country, a driver's own orders) is proved by tests/api/live-orders.test.ts.
    scope: 'global',
    rule: 'Live orders: staff their country (root all), a driver its own orders',
    input: () => ({}),
  },
  'POST /_api/admin/orders/update-status': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what: order status change: root all, super_admin and admin own country',
    input: async (cell) => ({ orderId: (await freshOrder(cell)).id, status: 'in_preparation' }),
  },
  'POST /_api/admin/orders/weigh': {
    who: STAFF,
    scope: 'country',
    rule: 'Weigh-in: staff of the order’s country weigh its kg lines while it is in preparation',
    input: async ({ f, cc, reaches }) => {
      const order = reaches
        ? await createOrder(f.db, { user: f[cc].customer, status: 'in_preparation' })
        : f[cc].order
      const [item] = await f.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
      return { orderId: order.id, lines: [{ itemId: item!.id, weighedQuantity: 2.05 }] }
    },
  },
  'POST /_api/admin/orders/record-agreement': {
    who: STAFF,
    scope: 'country',
    rule: 'Weigh-in: staff of the order’s country record an agreement given by phone',
    input: async ({ f, cc, reaches }) => {
      const order = reaches ? await awaitingAgreement(f.db, { user: f[cc].customer }) : f[cc].order
      return { orderId: order.id, total: order.totalAmount }
    },
  },
  'GET /_api/drivers': {
    who: STAFF,
    scope: 'country',
    rule: "Who may do what: driver assignment: root all, super_admin and admin own country (drivers of the order's country)",
    input: ({ f, cc }) => ({ orderId: f[cc].order.id }),
    listed: (b) => ({ kind: 'user', ids: ids(b.drivers) }),
  },
  'POST /_api/assigndriver': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what: driver assignment: root all, super_admin and admin own country',
    input: async (cell) => ({ orderId: (await freshOrder(cell)).id, driverId: cell.f[cell.cc].driver.id }),
  },
  // ---- dashboards (staff) ------------------------------------------------------------------
  'GET /_api/dashboard/admin': {
    who: STAFF,
    scope: 'list',
    rule: "Who may do what: admin dashboard (super_admin; /dashboard shows it to admin too, docs/rules/people.md#pages-and-homes): figures of the caller's country, root all",
    input: () => ({}),
    listed: (b) => ({ kind: 'order', ids: ids(b.recentOrders) }),
  },
  'GET /_api/dashboard/root': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: root dashboard: root',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
  'GET /_api/dashboard/trend': {
    who: STAFF,
    scope: 'country',
    rule: "Who may do what: dashboards: figures of the caller's country, root all or one",
    input: ({ f, cc }) => ({ days: 7, countryId: f[cc].country.id }),
  },
  // ---- drivers' cash (staff) ---------------------------------------------------------------
  'GET /_api/admin/cash/report': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what (docs/rules/money.md#drivers-cash): the daily cash report: root any country, super_admin and admin their own',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
  'GET /_api/admin/cash/report/export': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what (docs/rules/money.md#reports): the daily cash report as CSV: root any country, super_admin and admin their own',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
  'POST /_api/admin/orders/collect-rest': {
    who: STAFF,
    scope: 'country',
    rule: 'Partly paid orders (docs/rules/money.md#partly-paid): staff record the rest of an order of their country',
    input: async ({ f, cc, reaches }) => ({
      orderId: reaches ? (await partlyPaidOrder(f, cc, f[cc].driver.id)).id : f[cc].order.id,
    }),
  },
  'POST /_api/admin/cash/handover': {
    who: STAFF,
    scope: 'country',
    rule: "Who may do what (docs/rules/money.md#drivers-cash): a driver's handover: root any driver, super_admin and admin their country's",
    input: ({ f, cc }) => ({ driverId: f[cc].driver.id, amount: 1000 }),
  },
  'POST /_api/admin/cash/correction': {
    who: STAFF,
    scope: 'country',
    rule: "Who may do what (docs/rules/money.md#drivers-cash): a correction of a driver's cash: root any driver, super_admin and admin their country's",
    input: ({ f, cc }) => ({ driverId: f[cc].driver.id, amount: 500, reason: 'Erreur de saisie' }),
  },
  // ---- users -------------------------------------------------------------------------------
  'GET /_api/admin/users': {
    who: STAFF,
    scope: 'list',
    rule: 'Who may do what: users list: root all, super_admin own country, admin clients and drivers of own country',
    input: ({ f, cc }) => ({ country: f[cc].country.name }),
    listed: (b) => ({ kind: 'user', ids: ids(b.users) }),
  },
  'GET /_api/admin/userhistory': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what: users history: root all, super_admin own country, admin clients and drivers of own country',
    input: ({ f, cc }) => ({ userId: f[cc].customer.id }),
  },
  'POST /_api/admin/create-user': {
    who: STAFF,
    scope: 'forced-own',
    rule: 'Who may do what: users create: root any role but user; super_admin, admin in their own country',
    input: ({ f, cc }) => ({ ...account(f, cc), role: 'delivery_driver' }),
    created: userCountry,
  },
  'POST /_api/admin/create-delivery-driver': {
    who: STAFF,
    scope: 'forced-own',
    rule: 'Who may do what: users create (delivery_driver): root, super_admin and admin (own country)',
    input: ({ f, cc }) => account(f, cc),
    created: userCountry,
  },
  'POST /_api/admin/create-super-admin': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: create super admin: root',
    input: ({ f, cc }) => account(f, cc),
    created: userCountry,
  },
  'GET /_api/admin/super-admins': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: root dashboard (its super-admin list): root',
    input: ({ f, cc }) => ({ country: f[cc].country.name }),
  },
  'POST /_api/admin/users/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: users edit: root all but other roots, super_admin own country; admin –',
    input: ({ f, cc }) => {
      const c = f[cc].customer
      return {
        userId: c.id,
        email: c.email,
        displayName: c.displayName,
        phoneNumber: c.phoneNumber,
        city: c.city,
        country: f[cc].country.name,
        role: 'client',
      }
    },
  },
  'POST /_api/admin/users/toggle-status': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what: users activate or deactivate: root all, super_admin those it may edit, admin drivers and clients of own country',
    input: ({ f, cc }) => ({ userId: f[cc].customer.id, isActive: true }),
  },
  'POST /_api/admin/users/set-discount': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: custom discount: root',
    input: ({ f, cc }) => ({ userId: f[cc].customer.id, discountPercent: 5 }),
  },
  // ---- contact messages (root) -------------------------------------------------------------
  'GET /_api/admin/settings': {
    who: ROOT,
    scope: 'global',
    rule: 'Weigh-in: the shop’s settings (the tolerance) are root’s',
    input: () => ({}),
  },
  'POST /_api/admin/settings/update': {
    who: ROOT,
    scope: 'global',
    rule: 'Weigh-in: root sets the tolerance',
    input: () => ({ weighTolerancePercent: 10 }),
  },
  'GET /_api/admin/contact-messages': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: contact messages: root',
    input: () => ({}),
  },
  'POST /_api/admin/contact-messages/update-status': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: contact messages: root',
    input: ({ f }) => ({ messageId: f.message.id, status: 'read' }),
  },
  'POST /_api/admin/contact-messages/open': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: contact messages: root (opening one marks it read)',
    input: ({ f }) => ({ messageId: f.message.id }),
  },
  'POST /_api/admin/contact-messages/delete': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: contact messages: root (Deleting: read or processed ones)',
    input: async ({ f, reaches }) => ({
      messageId: reaches ? (await createContactMessage(f.db, { status: 'read' })).id : f.message.id,
    }),
  },
  // ---- countries (root) --------------------------------------------------------------------
  'GET /_api/admin/countries': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: countries: root',
    input: () => ({}),
  },
  'POST /_api/admin/countries': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: countries create: root',
    input: () => {
      const i = next()
      return {
        name: `Pays matrice ${i}`,
        code: `${'QXZ'[Math.floor(i / 26) % 3]}${String.fromCharCode(65 + (i % 26))}`,
        currency: 'XOF',
        mobileMoneyProviders: ['Orange Money'],
      }
    },
  },
  'POST /_api/admin/countries/update': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: countries edit, toggle: root',
    input: ({ f, cc }) => ({ id: f[cc].country.id, isActive: true }),
  },
  // ---- cities and zones: root all, super_admin own country --------------------------------
  'GET /_api/admin/cities': {
    who: MANAGERS,
    scope: 'list',
    rule: 'Who may do what: cities: root all, super_admin own country',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
    listed: (b) => ({ kind: 'city', ids: ids(b.cities) }),
  },
  'POST /_api/admin/cities': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: cities create: root all, super_admin own country',
    input: ({ f, cc }) => ({ name: `Ville matrice ${next()}`, countryId: f[cc].country.id }),
  },
  'POST /_api/admin/cities/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: cities edit, toggle: root all, super_admin own country',
    input: ({ f, cc }) => ({ id: f[cc].city.id, isActive: true }),
  },
  'GET /_api/admin/zones': {
    who: MANAGERS,
    scope: 'list',
    rule: 'Who may do what: zones: root all, super_admin own country',
    input: ({ f, cc }) => ({ cityId: f[cc].city.id }),
    listed: (b) => ({ kind: 'zone', ids: ids(b.zones) }),
  },
  'POST /_api/admin/zones': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: zones create: root all, super_admin own country',
    input: ({ f, cc }) => ({ name: `Zone matrice ${next()}`, cityId: f[cc].city.id }),
  },
  'POST /_api/admin/zones/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: zones edit, toggle: root all, super_admin own country',
    input: ({ f, cc }) => ({ id: f[cc].zone.id, isActive: true }),
  },
  // ---- coupons (docs/rules/commerce.md#coupons): root all, super_admin own country; the cart asks shoppers'
  'GET /_api/admin/coupons': {
    who: MANAGERS,
    scope: 'list',
    rule: 'Who may do what: coupons: root all, super_admin own country',
    input: async ({ f, cc }) => {
      await freshCoupon(f, cc)
      return {}
    },
    listed: (b) => ({ kind: 'coupon', ids: ids(b.coupons) }),
  },
  'POST /_api/admin/coupons': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: coupons create: root all, super_admin own country',
    input: ({ f, cc }) => ({
      countryId: f[cc].country.id,
      code: `MATRICE${next()}`,
      kind: 'amount',
      value: 500,
    }),
  },
  'POST /_api/admin/coupons/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: coupons edit: root all, super_admin own country',
    input: async ({ f, cc }) => ({ id: await freshCoupon(f, cc), value: 700 }),
  },
  'POST /_api/admin/coupons/stop': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: coupons stop: root all, super_admin own country',
    input: async ({ f, cc }) => ({ id: await freshCoupon(f, cc) }),
  },
  'POST /_api/coupons/check': {
    who: SHOPPERS,
    scope: 'global',
    rule: "Who may do what: the cart's coupon check is client and user's, on their own country's codes",
    input: () => ({ code: 'INCONNU', subtotal: 10000 }),
  },
  // ---- delivery slots (docs/rules/delivery.md#delivery-slots): as cities, root all, super_admin own country
  'GET /_api/admin/slots': {
    who: STAFF,
    scope: 'country',
    rule: 'Delivery slots (docs/rules/delivery.md#delivery-slots): read by staff of the country (the orders filter), root all',
    input: ({ f, cc }) => ({ cityId: f[cc].city.id }),
  },
  'POST /_api/admin/slots': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: cities (and their delivery slots) create: root all, super_admin own country',
    // Inactive: the fixtures' orders in that city then need no slot.
    input: ({ f, cc }) => ({
      cityId: f[cc].city.id,
      ...slotTimes(),
      capacity: 5,
      cutoffMinutes: 60,
      isActive: false,
    }),
  },
  'POST /_api/admin/slots/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: cities (and their delivery slots) edit, toggle: root all, super_admin own country',
    input: async ({ f, cc }) => {
      const [slot] = await f.db
        .insert(deliverySlots)
        .values({ cityId: f[cc].city.id, ...slotTimes(), capacity: 5, cutoffMinutes: 60, isActive: false })
        .returning({ id: deliverySlots.id })
      return { id: slot!.id, capacity: 6 }
    },
  },
  // ---- products: root all (plus stats and bulk actions), super_admin own country ----------
  'GET /_api/admin/products': {
    who: MANAGERS,
    scope: 'list',
    rule: 'Who may do what: products: root all, super_admin own country',
    input: ({ f, cc }) => ({ country: f[cc].country.name }),
    listed: (b) => ({ kind: 'product', ids: ids(b.products) }),
  },
  'POST /_api/admin/products': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products create: root all, super_admin own country',
    input: ({ f, cc }) => ({
      name: `Produit matrice ${next()}`,
      pricePerUnit: 1000,
      unitType: 'kg',
      minQuantity: 0.5,
      countryId: f[cc].country.id,
    }),
  },
  'POST /_api/admin/products/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products edit, toggle: root all, super_admin own country',
    input: ({ f, cc }) => ({ id: f[cc].product.id, isActive: true }),
  },
  'POST /_api/admin/products/stock': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products edit (stock is part of the product): root all, super_admin own country',
    input: ({ f, cc }) => ({ id: f[cc].product.id, outOfStock: 'no', dailyQuantity: null }),
  },
  'POST /_api/admin/products/delete': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products delete: root all, super_admin own country',
    input: async ({ f, cc, reaches }) => ({
      id: reaches ? (await createProduct(f.db, { country: cc })).id : f[cc].product.id,
    }),
  },
  'POST /_api/admin/products/photo': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products edit: root all, super_admin own country (a photo is an edit)',
    input: ({ f, cc }) => ({ id: f[cc].product.id }),
  },
  'POST /_api/admin/products/photo/remove': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products edit: root all, super_admin own country (a photo is an edit)',
    input: ({ f, cc }) => ({ id: f[cc].product.id }),
  },
  // docs/rules/catalogue.md#preparations: a country's list, as its products.
  'GET /_api/admin/preparations': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: preparations (a country’s list): root all, super_admin own country',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
  },
  'POST /_api/admin/preparations': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: preparations (a country’s list): root all, super_admin own country',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id, name: `Préparation matrice ${next()}` }),
  },
  'POST /_api/admin/preparations/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: preparations (a country’s list): root all, super_admin own country',
    input: async ({ f, cc }) => ({
      id: await freshPreparation(f, cc),
      name: `Préparation matrice ${next()}`,
    }),
  },
  'POST /_api/admin/preparations/delete': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: preparations (a country’s list): root all, super_admin own country',
    input: async ({ f, cc }) => ({ id: await freshPreparation(f, cc) }),
  },
  'POST /_api/admin/products/bulk-actions': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: products bulk actions: root',
    input: ({ f, cc }) => ({ productIds: [f[cc].product.id], action: 'toggle_active', isActive: true }),
  },
  'GET /_api/admin/products/export': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products (the CSV export of the list): root all, super_admin own country',
    input: ({ f, cc }) => ({ countryId: f[cc].country.id }),
    listed: (b) => ({ kind: 'product', ids: csvIds(b) }),
  },
  'POST /_api/admin/products/import': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: products create (an import of a file): root all, super_admin own country',
    input: ({ f, cc }) => ({ mode: 'preview', countryId: f[cc].country.id }),
    file: () => Buffer.from('Nom;Prix (F CFA);Unité\r\nProduit importé;4500;kg\r\n'),
  },
  'GET /_api/admin/product-stats-by-country': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: products stats: root',
    input: () => ({}),
  },
}
