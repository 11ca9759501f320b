import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { Role } from '@/shared/domain/roles'

const adminDashboard = lazy(() => import('../features/oversight/pages/admin-dashboard-page'))
const clientDashboard = lazy(() => import('../features/client-orders/pages/client-dashboard'))

/**
 * What /dashboard shows each role (docs/rules/people.md#who-may-do-what), each loaded only when that
 * role opens it. The admin dashboard sends an admin on to /admin/orders-only.
 */
export const dashboards: Record<Role, LazyExoticComponent<ComponentType>> = {
  root: lazy(() => import('../features/oversight/pages/root-dashboard-page')),
  super_admin: adminDashboard,
  admin: adminDashboard,
  delivery_driver: lazy(() => import('../features/delivery/pages/delivery-dashboard-page')),
  client: clientDashboard,
  user: clientDashboard,
}
