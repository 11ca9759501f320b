import type { ComponentType, ReactNode } from 'react'
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router'
import type { Role } from '@/shared/domain/roles'
import type { SessionUser } from '@/shared/schemas/auth'
import { RequireRole, routeGroups } from './guards'
import { ConfirmationLayout } from './layouts/confirmation-layout'
import { SiteLayout } from './layouts/site-layout'
import { StaffLayout } from './layouts/staff-layout'
import { RouteError } from './route-error'
import { ShopDenied } from '../components/shop-denied'
import { PageSpinner } from '../components/ui/spinner'

/**
 * A page loaded on demand: a visitor never downloads the back-office. The module's default
 * export, or the one named (several pages in one module).
 */
export const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string = 'default'): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load())[name] as ComponentType }),
})

/** A group of routes behind one guard (docs/rules.md "Who may do what"). */
const guarded = (roles: readonly Role[], children: RouteObject[], denied?: (user: SessionUser) => ReactNode): RouteObject => ({
  element: (
    <RequireRole roles={roles} denied={denied}>
      <Outlet />
    </RequireRole>
  ),
  children,
})

// Each issue adds its pages to the group its guard names.
const publicPages: RouteObject[] = [
  { path: '/client/login', ...page(() => import('../features/auth/pages/login-page'), 'ClientLoginPage') },
  { path: '/delivery/login', ...page(() => import('../features/auth/pages/login-page'), 'DeliveryLoginPage') },
  { path: '/employee/login', ...page(() => import('../features/auth/pages/login-page'), 'EmployeeLoginPage') },
  { path: '/register', ...page(() => import('../features/auth/pages/register-page')) },
  { path: '/dashboard', ...page(() => import('./dashboard-page')) },
  // issue 3: storefront
  { path: '/', ...page(() => import('../features/storefront/pages/home-page')) },
  { path: '/products', ...page(() => import('../features/storefront/pages/products-page')) },
  { path: '/contact', ...page(() => import('../features/storefront/pages/contact-page')) },
]
const shopperPages: RouteObject[] = [
  // issue 3: cart and order history
  { path: '/cart', ...page(() => import('../features/checkout/pages/cart-page')) },
  { path: '/orders', ...page(() => import('../features/client-orders/pages/orders-page')) },
]
const driverPages: RouteObject[] = [
  // issue 5
  { path: '/delivery/dashboard', ...page(() => import('../features/delivery/pages/delivery-dashboard-page')) },
]
const confirmationPages: RouteObject[] = [
  // issue 3: the order confirmation, with and without an id
  { path: '/order-confirmation', ...page(() => import('../features/checkout/pages/order-confirmation-page')) },
  { path: '/order-confirmation/:orderId', ...page(() => import('../features/checkout/pages/order-confirmation-page')) },
]
const shopDenied = (user: SessionUser) => <ShopDenied user={user} />
/** /admin/* pages for admin, super_admin and root. */
const staffPages: RouteObject[] = [
  // issue 5
  { path: '/admin/orders-only', ...page(() => import('../features/admin-orders/pages/orders-only-page')) },
  { path: '/admin/orders/:orderId', ...page(() => import('../features/admin-orders/pages/order-detail-page')) },
  {
    path: '/admin/orders/:orderId/assign-driver',
    ...page(() => import('../features/admin-orders/pages/assign-driver-page')),
  },
  // issue 6
  { path: '/admin/users-management', ...page(() => import('../features/users/pages/users-management-page')) },
  { path: '/admin/users/:userId/history', ...page(() => import('../features/users/pages/user-history-page')) },
]
/** /admin/* pages for super_admin and root. */
const managerPages: RouteObject[] = [
  // issue 4
  { path: '/admin/cities', ...page(() => import('../features/admin-places/pages/cities-page')) },
  { path: '/admin/zones', ...page(() => import('../features/admin-places/pages/zones-page')) },
  { path: '/admin/products', ...page(() => import('../features/admin-products/pages/products-page')) },
  // issue 5
  { path: '/admin/orders', ...page(() => import('../features/admin-orders/pages/orders-page')) },
  // issue 6
  { path: '/admin/users', ...page(() => import('../features/users/pages/admin-users-page')) },
  { path: '/admin/create-delivery-driver', ...page(() => import('../features/users/pages/create-driver-page')) },
]
/** /admin/* pages for root only. */
const rootAdminPages: RouteObject[] = [
  // issue 4
  { path: '/admin/countries', ...page(() => import('../features/admin-places/pages/countries-page')) },
  // issue 6
  { path: '/admin/contact-messages', ...page(() => import('../features/oversight/pages/contact-messages-page')) },
  { path: '/admin/country-details/:countryName', ...page(() => import('../features/oversight/pages/country-details-page')) },
]
/** /root/* pages. */
const rootPages: RouteObject[] = [
  { path: '/root/dashboard', ...page(() => import('../features/oversight/pages/root-dashboard-page')) },
  { path: '/root/users', ...page(() => import('../features/users/pages/root-users-page')) },
]
/** /admin/* pages that guard themselves: /admin/dashboard shows its login form when signed out. */
const adminOpenPages: RouteObject[] = [
  { path: '/admin/dashboard', ...page(() => import('../features/oversight/pages/admin-dashboard-page')) },
]

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      {
        element: <SiteLayout />,
        children: [
          ...publicPages,
          guarded(routeGroups.shoppers, shopperPages, shopDenied),
          guarded(routeGroups.drivers, driverPages),
          { path: '*', ...page(() => import('./not-found')) },
        ],
      },
      // The confirmation checks the session itself: signed out it says 'Accès non autorisé'.
      { element: <ConfirmationLayout />, children: confirmationPages },
      {
        element: <StaffLayout area="admin" />,
        children: [
          ...adminOpenPages,
          guarded(routeGroups.staff, staffPages),
          guarded(routeGroups.managers, managerPages),
          guarded(routeGroups.rootOnly, rootAdminPages),
        ],
      },
      { element: <StaffLayout area="root" />, children: [guarded(routeGroups.rootOnly, rootPages)] },
    ],
  },
]

/** The app's router, made by main.tsx in a task of its own (creating it starts the first navigation). */
export const createRouter = () => createBrowserRouter(routes)
