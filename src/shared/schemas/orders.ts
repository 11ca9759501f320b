import { orderStatuses, type OrderStatus, type PaymentStatus } from '../domain/order-status'
import { id, limit, page, text } from './common'
import { z } from './zod'

// issue 5: orders management and delivery (SPEC §5 "Order status update", "Assign driver",
// "Order list", "Client order details").

const ORDER_ID_MESSAGE = 'ID de commande manquant ou invalide.'
export const orderId = () => id(ORDER_ID_MESSAGE)

export const orderStatus = z.enum(orderStatuses, { error: 'Statut de commande invalide.' })

/** GET /_api/admin/orders: filters of the orders management and orders-only screens. */
export const adminOrdersQuery = z.strictObject({
  status: orderStatus.optional(),
  search: text(100).optional(),
  country: text(100).optional(),
  cityId: id('Ville invalide.').optional(),
  zoneId: id('Zone invalide.').optional(),
  page,
  limit: limit(100, 15),
})
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>

export const updateOrderStatusInput = z.strictObject({
  orderId: orderId(),
  status: orderStatus,
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

export const confirmDeliveryInput = z.strictObject({ orderId: orderId() })
export type ConfirmDeliveryInput = z.input<typeof confirmDeliveryInput>

/** The admin orders list shows a page size of 15 (SPEC §9). */
export const ADMIN_ORDERS_PAGE_SIZE = 15

/**
 * An order as the lists answer it (SPEC §3, the server's loadOrders): every stored amount, the
 * customer, the driver, the items with their product. An order's own answer (`{ order }`) adds
 * its event history: OrderDetailView.
 */
export type OrderView = {
  id: number
  userId: number
  status: OrderStatus
  paymentStatus: PaymentStatus
  createdAt: Date
  updatedAt: Date
  subtotalAmount: number
  discountPercent: number | null
  discountAmount: number
  pointsUsed: number
  pointValue: number
  pointsDiscountAmount: number
  totalAmount: number
  pointsEarned: number
  notes: string | null
  deliveryAddress: string
  deliveryCity: string
  deliveryCountry: string
  deliveryPhone: string
  cityName: string
  zoneName: string
  customerName: string
  customerPhone: string | null
  deliveryDriverId: number | null
  deliveryDriverName: string | null
  customer: { id: number; name: string; email: string; phone: string | null }
  driver: { id: number; name: string; phone: string | null } | null
  items: {
    id: number
    productId: number
    productName: string
    quantity: number
    unitPrice: number
    totalPrice: number
    unitType: 'kg' | 'unit'
    product: { name: string; unitType: 'kg' | 'unit'; imageUrl: string | null }
  }[]
}

/** An order's own answer (order details, status change, driver assignment, checkout). */
export type OrderDetailView = OrderView & { events: OrderEventView[] }

export type OrderEventView = {
  id: number
  type: 'created' | 'status' | 'driver' | 'payment'
  fromValue: string | null
  toValue: string | null
  actorId: number | null
  actorName: string | null
  createdAt: Date
}
