import type { OrderStatus, PaymentStatus } from '@/shared/domain/order-status'

/**
 * An order as the API answers it (SPEC §3, the server's loadOrders): every stored amount, the
 * customer, the driver, the items with their product and the event history.
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
  events: OrderEventView[]
}

export type OrderEventView = {
  id: number
  type: 'created' | 'status' | 'driver' | 'payment'
  fromValue: string | null
  toValue: string | null
  actorId: number | null
  actorName: string | null
  createdAt: Date
}
