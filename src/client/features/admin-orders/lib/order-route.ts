import { useParams } from 'react-router'

/** The list the staff member came from: the admin's home, else the orders management. */
export const ordersListRoute = (role: string | undefined) =>
  role === 'admin' ? '/admin/orders-only' : '/admin/orders'

/** Reads :orderId; 0 when it is not a positive integer. */
export function useOrderIdParam() {
  const raw = useParams().orderId ?? ''
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : 0
}
