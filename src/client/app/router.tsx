import type { ComponentType, ReactNode } from 'react'
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router'
import type { Role } from '@/shared/domain/roles'
import { NOT_FOUND_TITLE, pageTitles, type PagePath } from '@/shared/pages'
import type { SessionUser } from '@/shared/schemas/auth'
import { AppShell, type PageHandle } from './app-shell'
import { RequireRole, routeGroups } from './guards'
import { ConfirmationLayout } from './layouts/confirmation-layout'
import { SiteLayout } from './layouts/site-layout'
import { StaffLayout } from './layouts/staff-layout'
import { RouteError } from './route-error'
import { ShopDenied } from '../components/shop-denied'
import { PageSpinner } from '../components/ui/spinner'

/**
 * A page, loaded on demand (a visitor never downloads the back-office), at one of the paths of
 * src/shared/pages.ts, the site's one list of pages, whose title the tab shows: the module's
 * default export, or the one named (several pages in one module). Keep each route a call of its
 * own, the path then the import: the build reads them (scripts/route-preloads.ts).
 */
export const lazyPage = <M extends Record<string, unknown>>(
  path: PagePath | '*',
  load: () => Promise<M>,
  name: keyof M & string = 'default',
): RouteObject => ({
  path,
  handle: { title: path === '*' ? NOT_FOUND_TITLE : pageTitles[path] } satisfies PageHandle,
  lazy: async () => ({ Component: (await load())[name] as ComponentType }),
})

/** A group of routes behind one guard (docs/rules.md "Who may do what"). */
const guarded = (
  roles: readonly Role[],
  children: RouteObject[],
  denied?: (user: SessionUser) => ReactNode,
): RouteObject => ({
  element: (
    <RequireRole roles={roles} denied={denied}>
      <Outlet />
    </RequireRole>
  ),
  children,
})

// Each page sits in the group of the guard that lets its roles in.
const publicPages: RouteObject[] = [
  lazyPage('/client/login', () => import('../features/auth/pages/login-page'), 'ClientLoginPage'),
  lazyPage('/delivery/login', () => import('../features/auth/pages/login-page'), 'DeliveryLoginPage'),
  lazyPage('/employee/login', () => import('../features/auth/pages/login-page'), 'EmployeeLoginPage'),
  lazyPage('/register', () => import('../features/auth/pages/register-page')),
  lazyPage('/dashboard', () => import('./dashboard-page')),
  lazyPage('/', () => import('../features/storefront/pages/home-page')),
  lazyPage('/products', () => import('../features/storefront/pages/products-page')),
  lazyPage('/contact', () => import('../features/storefront/pages/contact-page')),
]
const shopperPages: RouteObject[] = [
  lazyPage('/cart', () => import('../features/checkout/pages/cart-page')),
  lazyPage('/orders', () => import('../features/client-orders/pages/orders-page')),
]
const driverPages: RouteObject[] = [
  lazyPage('/delivery/dashboard', () => import('../features/delivery/pages/delivery-dashboard-page')),
]
const confirmationPages: RouteObject[] = [
  lazyPage('/order-confirmation', () => import('../features/checkout/pages/order-confirmation-page')),
  lazyPage(
    '/order-confirmation/:orderId',
    () => import('../features/checkout/pages/order-confirmation-page'),
  ),
  lazyPage('/order-confirmation/:orderId/receipt', () => import('../features/checkout/pages/receipt-page')),
]
const shopDenied = (user: SessionUser) => <ShopDenied user={user} />
/** /admin/* pages for admin, super_admin and root. */
const staffPages: RouteObject[] = [
  lazyPage('/admin/orders-only', () => import('../features/admin-orders/pages/orders-only-page')),
  lazyPage('/admin/cash', () => import('../features/drivers-cash/pages/cash-page')),
  lazyPage('/admin/orders/:orderId', () => import('../features/admin-orders/pages/order-detail-page')),
  lazyPage('/admin/orders/:orderId/receipt', () => import('../features/admin-orders/pages/receipt-page')),
  lazyPage(
    '/admin/orders/:orderId/assign-driver',
    () => import('../features/admin-orders/pages/assign-driver-page'),
  ),
  lazyPage('/admin/users-management', () => import('../features/users/pages/users-management-page')),
  lazyPage('/admin/users/:userId/history', () => import('../features/users/pages/user-history-page')),
]
/** /admin/* pages for super_admin and root. */
const managerPages: RouteObject[] = [
  lazyPage('/admin/cities', () => import('../features/admin-places/pages/cities-page')),
  lazyPage('/admin/zones', () => import('../features/admin-places/pages/zones-page')),
  lazyPage('/admin/products', () => import('../features/admin-products/pages/products-page')),
  lazyPage('/admin/orders', () => import('../features/admin-orders/pages/orders-page')),
  lazyPage('/admin/users', () => import('../features/users/pages/admin-users-page')),
  lazyPage('/admin/create-delivery-driver', () => import('../features/users/pages/create-driver-page')),
]
/** /admin/* pages for root only. */
const rootAdminPages: RouteObject[] = [
  lazyPage('/admin/countries', () => import('../features/admin-places/pages/countries-page')),
  lazyPage('/admin/contact-messages', () => import('../features/oversight/pages/contact-messages-page')),
  lazyPage(
    '/admin/country-details/:countryName',
    () => import('../features/oversight/pages/country-details-page'),
  ),
]
/** /root/* pages. */
const rootPages: RouteObject[] = [
  lazyPage('/root/dashboard', () => import('../features/oversight/pages/root-dashboard-page')),
  lazyPage('/root/users', () => import('../features/users/pages/root-users-page')),
]
/** /admin/* pages that guard themselves: /admin/dashboard shows its login form when signed out. */
const adminOpenPages: RouteObject[] = [
  lazyPage('/admin/dashboard', () => import('../features/oversight/pages/admin-dashboard-page')),
]

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      {
        element: <SiteLayout />,
        children: [
          ...publicPages,
          guarded(routeGroups.shoppers, shopperPages, shopDenied),
          guarded(routeGroups.drivers, driverPages),
          lazyPage('*', () => import('./not-found')),
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
