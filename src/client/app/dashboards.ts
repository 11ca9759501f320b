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

// Keeps `lazy` imported for the branches added here.
export const lazyDashboard = (load: () => Promise<{ default: ComponentType }>) => lazy(load)
