import { usePageParams } from '@/client/lib/page-url'

/** The list the staff member came from: the admin's home, else the orders management. */
export const ordersListRoute = (role: string | undefined) =>
  role === 'admin' ? '/admin/orders-only' : '/admin/orders'

/**
 * Reads :orderId; 0 when it is not a positive integer. A staff page is drawn behind its guard
 * after the session is in, never as the build's shell drew it, so the URL is always known here.
 */
export function useOrderIdParam() {
  const raw = usePageParams()?.orderId ?? ''
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : 0
}
