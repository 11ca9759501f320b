// The order answer's type lives with the order schemas, shared by server and client.
export type { OrderDetailView, OrderEventView, OrderView } from '@/shared/schemas/orders'
