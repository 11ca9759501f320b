import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { Role } from '@/shared/domain/roles'

/**
 * The branch of /dashboard each role sees (SPEC §2): each issue registers its own, loaded
 * only when that role opens it.
 */
export const dashboards: Partial<Record<Role, LazyExoticComponent<ComponentType>>> = {
  // issue 5
  delivery_driver: lazy(() => import('../features/delivery/pages/delivery-dashboard-page')),
}

// issue 6: staff branches (the admin dashboard sends an admin on to /admin/orders-only).
const adminDashboard = lazy(() => import('../features/oversight/pages/admin-dashboard-page'))
dashboards.root = lazy(() => import('../features/oversight/pages/root-dashboard-page'))
dashboards.super_admin = adminDashboard
dashboards.admin = adminDashboard

// issue 3: the client dashboard, for clients and users
const clientDashboard = lazy(() => import('../features/client-orders/pages/client-dashboard'))
dashboards.client = clientDashboard
dashboards.user = clientDashboard

// Keeps `lazy` imported for the branches added here.
export const lazyDashboard = (load: () => Promise<{ default: ComponentType }>) => lazy(load)
