import { eq } from 'drizzle-orm'
import { orders } from '../../../src/server/db/schema'
import { issueConfirmToken } from '../../../src/server/services/orders/confirm-link'
import { awaitingAgreement, createOrder, deliveryIn } from '../../factories'
import { eveReservationOf } from './campaign-operations'
import {
  STAFF,
  SHOPPERS,
  DRIVER,
  partlyPaidOrder,
  ids,
  freshOrder,
  ordersClient,
  type Cell,
  type Policy,
} from './shared'

/** A fresh order of the country's customer waiting for its client, and its SMS link's token. */
async function confirmTokenOf({ f, cc }: Cell) {
  const order = await createOrder(f.db, { user: f[cc].customer })
  await f.db.update(orders).set({ needsConfirmation: true }).where(eq(orders.id, order.id))
  return issueConfirmToken(f.db, order.id)
}

/** The storefront, shopping (client and user) and delivery. */
export const shoppingPolicies: Record<string, Policy> = {
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
    input: async (cell) => {
      const { f } = cell
      const user = ordersClient(cell)
      const order = await createOrder(f.db, { user })
      return { orderId: order.id, reason: 'Je me suis trompé de produit.' }
    },
  },
  'POST /_api/orders/confirm-mine': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Confirmation (docs/rules/confirmation.md#confirmation): the client confirms its own order waiting for it',
    input: async (cell) => {
      const { f } = cell
      const user = ordersClient(cell)
      const order = await createOrder(f.db, { user })
      await f.db.update(orders).set({ needsConfirmation: true }).where(eq(orders.id, order.id))
      return { orderId: order.id }
    },
  },
  'GET /_api/orders/confirm-link': {
    who: 'public',
    scope: 'global',
    rule: 'Confirmation (docs/rules/confirmation.md#confirmation): anyone holding the SMS link reads what it shows',
    input: async (cell) => ({ token: await confirmTokenOf(cell) }),
  },
  'POST /_api/orders/confirm': {
    who: 'public',
    scope: 'global',
    rule: 'Confirmation (docs/rules/confirmation.md#confirmation): anyone holding the SMS link confirms the order',
    input: async (cell) => ({ token: await confirmTokenOf(cell) }),
  },
  'POST /_api/orders/weigh-answer': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Weigh-in: the client accepts or refuses the weighed total of its own order',
    input: async (cell) => {
      const { f } = cell
      const user = ordersClient(cell)
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
  'POST /_api/delivery/refuse': {
    who: DRIVER,
    scope: 'own-records',
    rule: 'Refused at the door (docs/rules/confirmation.md#refused-at-the-door): own assigned orders in delivery',
    input: async (cell) => {
      const { f, caller, cc, neighbour } = cell
      const driverId =
        cc === caller.cc && !neighbour && caller.role === 'delivery_driver' ? caller.id! : f[cc].driver.id
      return { orderId: (await freshOrder(cell, { status: 'in_delivery', driverId })).id, reason: 'absent' }
    },
  },
  'POST /_api/delivery/campaign-delivered': {
    who: DRIVER,
    scope: 'own-records',
    rule: 'Campaigns (docs/rules/campaigns-operations.md#delivery-on-the-eve): the driver delivers its own ready reservations',
    input: async (cell) => {
      const { f, caller, cc, neighbour } = cell
      const driverId =
        cc === caller.cc && !neighbour && caller.role === 'delivery_driver' ? caller.id! : f[cc].driver.id
      return { reservationId: (await eveReservationOf(cell, driverId)).id }
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
}
