import {
  CANCEL_REASON_MAX,
  CANCEL_REASON_REQUIRED,
  orderStatuses,
  paymentStatuses,
} from '../domain/order-status'
import { unitTypes } from '../domain/units'
import { paymentMethods } from '../domain/payments'
import { orderEventTypes, weighApprovals } from '../domain/weighin'
import { cashCollected, cashReason } from './cash'
import { id, limit, page, paragraph, text } from './common'
import { slotDay } from './slots'
import { fulfilments } from '../domain/pickup'
import { z } from './zod'
import { messageChannels, messageKinds, messageStates } from '../domain/messages'

// Orders as staff manage them and drivers deliver them (docs/rules/orders.md#order-status).

const ORDER_ID_MESSAGE = 'ID de commande manquant ou invalide.'
export const orderId = () => id(ORDER_ID_MESSAGE)

const orderStatus = z.enum(orderStatuses, { error: 'Statut de commande invalide.' })

/** GET /_api/admin/orders: filters of the orders management and orders-only screens. */
export const adminOrdersQuery = z.strictObject({
  status: orderStatus.optional(),
  search: text(100).optional(),
  country: text(100).optional(),
  cityId: id('Ville invalide.').optional(),
  zoneId: id('Zone invalide.').optional(),
  /** The slot's local day ('2026-11-25'), and one slot of it. */
  slotDate: slotDay().optional(),
  slotId: id('Créneau invalide.').optional(),
  /** docs/rules/money.md#payments */
  paymentStatus: z.enum(paymentStatuses, { error: 'Statut de paiement invalide.' }).optional(),
  paymentMethod: z.enum(paymentMethods, { error: 'Mode de paiement invalide.' }).optional(),
  /** Newest first (default), or by slot, earliest first. */
  sort: z.enum(['created', 'slot'], { error: 'Tri invalide.' }).optional(),
  page,
  limit: limit(100, 15),
})
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>

/**
 * A change of status; cancelling takes the reason the client reads (on its order page and in the
 * cancellation message), any other status none. `from` is the status the staff member saw: the
 * change is made only if the order still has it (docs/rules/orders.md#order-status), and leaving
 * "cancelled" needs it said.
 */
export const updateOrderStatusInput = z
  .strictObject({
    orderId: orderId(),
    status: orderStatus,
    from: orderStatus.optional(),
    reason: paragraph(CANCEL_REASON_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'cancelled' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: CANCEL_REASON_REQUIRED })
    if (v.status !== 'cancelled' && v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Seule une annulation a une raison.' })
  })
export type UpdateOrderStatusInput = z.input<typeof updateOrderStatusInput>

export const orderDetailsQuery = z.strictObject({ orderId: orderId() })

/** GET /_api/drivers: the order's country when given, else the caller's. */
export const driversQuery = z.strictObject({ orderId: orderId().optional() })

const DRIVER_MESSAGE = 'Veuillez sélectionner un livreur'
export const assignDriverInput = z.strictObject({
  orderId: orderId(),
  driverId: id(DRIVER_MESSAGE),
})
export type AssignDriverInput = z.input<typeof assignDriverInput>

/**
 * The driver's confirmation, with the cash collected (docs/rules/money.md#drivers-cash): the amount due
 * when left out; another amount needs a reason (checked against the amount due by the server).
 */
export const confirmDeliveryInput = z.strictObject({
  orderId: orderId(),
  cashCollected: cashCollected.optional(),
  cashReason: cashReason.optional(),
})
export type ConfirmDeliveryInput = z.input<typeof confirmDeliveryInput>

/** The admin orders list shows a page size of 15 (the screen's constant). */
export const ADMIN_ORDERS_PAGE_SIZE = 15

/**
 * An order as the lists answer it: every stored amount, the customer, the driver, the items
 * with their product. An order's own answer (`{ order }`) adds its event history.
 */
const orderItemView = z.strictObject({
  id: z.number(),
  orderId: z.number(),
  productId: z.number(),
  productName: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  unitType: z.enum(unitTypes),
  /** docs/rules/orders.md#weigh-in: the weight of a kg line (null: not weighed yet). */
  weighedQuantity: z.number().nullable(),
  /**
   * docs/rules/orders.md#preparations: the preparation asked for, as it was at the order (its
   * name and price per unit, which `unitPrice` includes); null and 0: none.
   */
  preparationId: z.number().nullable(),
  preparationName: z.string().nullable(),
  preparationPrice: z.number(),
  product: z.strictObject({ name: z.string(), unitType: z.enum(unitTypes), imageUrl: z.string().nullable() }),
})
export const orderView = z.strictObject({
  id: z.number(),
  userId: z.number(),
  countryId: z.number(),
  cityId: z.number(),
  /** Null for an order collected at a shop (docs/rules/pickup.md). */
  zoneId: z.number().nullable(),
  /** docs/rules/pickup.md: delivered, or collected at its shop (`shopId`; its name is `zoneName`, its address `deliveryAddress`). */
  fulfilment: z.enum(fulfilments),
  shopId: z.number().nullable(),
  /** The 4-digit collection code: in the client's own order page only, null in every other answer. */
  pickupCode: z.string().nullable(),
  /** Wrong codes typed at the counter; at PICKUP_CODE_ATTEMPTS the hand-over is locked until reset. */
  pickupCodeAttempts: z.number(),
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses),
  /** docs/rules/money.md#payments */
  paymentMethod: z.enum(paymentMethods),
  paymentWallet: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  subtotalAmount: z.number(),
  discountPercent: z.number().nullable(),
  discountAmount: z.number(),
  /** docs/rules/commerce.md#coupons: the code used (null: none) and its discount on the goods. */
  couponCode: z.string().nullable(),
  couponDiscount: z.number(),
  pointsUsed: z.number(),
  pointValue: z.number(),
  pointsDiscountAmount: z.number(),
  deliveryFeeAmount: z.number(),
  deliveryFee: z.number(),
  freeDeliveryFrom: z.number().nullable(),
  totalAmount: z.number(),
  /** docs/rules/money.md#partly-paid: what was paid of it; a delivered order owes the rest. */
  amountPaid: z.number(),
  /** docs/rules/store-credit.md#spending: the store credit spent on it (part of `amountPaid`). */
  creditUsed: z.number(),
  /** docs/rules/orders.md#weigh-in: the total agreed at checkout once weighed (null: never weighed). */
  orderedTotalAmount: z.number().nullable(),
  weighApproval: z.enum(weighApprovals).nullable(),
  /** What the client wants instead, written when it refused a weighed total (null: nothing said). */
  weighWish: z.string().nullable(),
  pointsEarned: z.number(),
  /** Why staff cancelled it, as the client reads it (null unless cancelled). */
  cancelReason: z.string().nullable(),
  /**
   * docs/rules/confirmation.md#confirmation: paid at the door and risky, it waits for the client's
   * confirmation before preparation; when and how it was given ('client': the SMS link,
   * 'phone': staff who called, `confirmedById`).
   */
  needsConfirmation: z.boolean(),
  confirmedAt: z.date().nullable(),
  confirmedBy: z.enum(['client', 'phone']).nullable(),
  confirmedById: z.number().nullable(),
  notes: z.string().nullable(),
  deliveryAddress: z.string(),
  deliveryCity: z.string(),
  deliveryCountry: z.string(),
  deliveryPhone: z.string(),
  cityName: z.string(),
  zoneName: z.string(),
  /** docs/rules/people.md#delivery-addresses: copied from the address at checkout. */
  deliveryLandmark: z.string().nullable(),
  deliverySecondPhone: z.string().nullable(),
  deliveryLatitude: z.number().nullable(),
  deliveryLongitude: z.number().nullable(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  deliveryDriverId: z.number().nullable(),
  slotId: z.number().nullable(),
  slotDate: z.string().nullable(),
  slotStartsAt: z.date().nullable(),
  slotEndsAt: z.date().nullable(),
  slotTimeZone: z.string().nullable(),
  deliveryDriverName: z.string().nullable(),
  customer: z.strictObject({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  driver: z.strictObject({ id: z.number(), name: z.string(), phone: z.string().nullable() }).nullable(),
  items: z.array(orderItemView),
})
export type OrderView = z.infer<typeof orderView>

const orderEventView = z.strictObject({
  id: z.number(),
  orderId: z.number(),
  type: z.enum(orderEventTypes),
  fromValue: z.string().nullable(),
  toValue: z.string().nullable(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.date(),
})
export type OrderEventView = z.infer<typeof orderEventView>

/** docs/rules/money-told.md#refunds-told: money to give back to the client, or given back. */
const refundPartView = z.strictObject({
  amount: z.number(),
  way: z.enum(['provider', 'shop', 'cash', 'credit']),
  wallet: z.string().nullable(),
  done: z.boolean(),
  doneAt: z.date().nullable(),
})

/** An order's own answer (order details, status change, driver assignment, checkout). */
export const orderDetailView = orderView.extend({
  events: z.array(orderEventView),
  refunds: z.array(refundPartView),
})
export type OrderDetailView = z.infer<typeof orderDetailView>
export const orderAnswer = z.strictObject({ order: orderDetailView })
export const ordersAnswer = z.strictObject({ orders: z.array(orderView) })
export const adminOrdersAnswer = z.strictObject({ orders: z.array(orderView), total: z.number() })

const driverRow = z.strictObject({
  id: z.number(),
  displayName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  isActive: z.boolean(),
  /**
   * docs/rules/delivery.md#assigning-a-driver: its load, every open order assigned to it (waiting,
   * in preparation or in delivery, not only those in delivery despite the name), by slot.
   */
  inDelivery: z.array(
    z.strictObject({
      orderId: z.number(),
      status: z.enum(orderStatuses),
      slotStartsAt: z.date().nullable(),
      slotEndsAt: z.date().nullable(),
      slotTimeZone: z.string().nullable(),
    }),
  ),
})
export const driversAnswer = z.strictObject({ drivers: z.array(driverRow) })

/** GET /_api/admin/orders/messages: what the shop told the client about one order (docs/rules/orders.md#messages). */
export const orderMessagesAnswer = z.strictObject({
  messages: z.array(
    z.strictObject({
      id: z.number(),
      kind: z.enum(messageKinds),
      channel: z.enum(messageChannels),
      recipient: z.string(),
      state: z.enum(messageStates),
      attempts: z.number(),
      nextAttemptAt: z.date(),
      lastError: z.string().nullable(),
      subject: z.string().nullable(),
      body: z.string().nullable(),
      sentAt: z.date().nullable(),
      createdAt: z.date(),
    }),
  ),
})
export type OrderMessage = z.infer<typeof orderMessagesAnswer>['messages'][number]
