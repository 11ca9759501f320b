import type { ComponentType } from 'react'
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router'
import {
  NOT_FOUND_TITLE,
  pagePaths,
  pages,
  roleGroups,
  type Page,
  type PageModule,
  type PagePath,
} from '@/shared/pages'
import type { SessionUser } from '@/shared/schemas/auth'
import { AppShell, type PageHandle } from './app-shell'
import { RequireRole } from './guards'
import { ConfirmationLayout } from './layouts/confirmation-layout'
import { SiteLayout } from './layouts/site-layout'
import { StaffLayout } from './layouts/staff-layout'
import { RouteError } from './route-error'
import { ShopDenied } from '../components/shop-denied'
import { PageSpinner } from '../components/ui/spinner'

/**
 * A page's module, loaded on demand (a visitor never downloads the back-office). The import is
 * written with the module's name as a variable so that the page table (src/shared/pages.ts)
 * stays the one list of pages: Vite turns each template into the list of files it can match,
 * one chunk each, and the server, whose source runs unbundled in development, imports the file
 * itself.
 */
function loadModule(module: PageModule): Promise<Record<string, unknown>> {
  const [area, feature] = module.split('/')
  const file = module.slice(module.lastIndexOf('/') + 1)
  return area === 'app' ? import(`./pages/${file}.tsx`) : import(`../features/${feature}/pages/${file}.tsx`)
}

/** A page of the table: its module's default export, or the one it names, titled as the table says. */
const pageRoute = (path: PagePath): RouteObject => {
  const page: Page = pages[path]
  return {
    path,
    handle: { title: page.title } satisfies PageHandle,
    lazy: async () => ({
      Component: (await loadModule(page.module))[page.export ?? 'default'] as ComponentType,
    }),
  }
}

const notFound: RouteObject = {
  path: '*',
  handle: { title: NOT_FOUND_TITLE } satisfies PageHandle,
  lazy: async () => ({ Component: (await import('./not-found')).default }),
}

const shopDenied = (user: SessionUser) => <ShopDenied user={user} />

/**
 * A layout's pages as the page table says: those anyone opens as they are (a page such as
 * /admin/dashboard or the confirmation checks the session itself), the others in one group per
 * set of roles, behind its guard (docs/rules/people.md#who-may-do-what).
 */
function pagesOf(layout: Page['layout']): RouteObject[] {
  const open: RouteObject[] = []
  const guarded = new Map<Exclude<Page['opens'], 'anyone'>, RouteObject[]>()
  for (const path of pagePaths) {
    const page: Page = pages[path]
    if (page.layout !== layout) continue
    const route = pageRoute(path)
    if (page.opens === 'anyone') open.push(route)
    else guarded.set(page.opens, [...(guarded.get(page.opens) ?? []), route])
  }
  return [
    ...open,
    ...[...guarded].map(([group, children]) => ({
      element: (
        <RequireRole roles={roleGroups[group]} denied={group === 'shoppers' ? shopDenied : undefined}>
          <Outlet />
        </RequireRole>
      ),
      children,
    })),
  ]
}

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      { element: <SiteLayout />, children: [...pagesOf('site'), notFound] },
      // The confirmation checks the session itself: signed out it says 'Accès non autorisé'.
      { element: <ConfirmationLayout />, children: pagesOf('confirmation') },
      { element: <StaffLayout area="admin" />, children: pagesOf('admin') },
      { element: <StaffLayout area="root" />, children: pagesOf('root') },
    ],
  },
]

/** The app's router, made by main.tsx in a task of its own (creating it starts the first navigation). */
export const createRouter = () => createBrowserRouter(routes)
