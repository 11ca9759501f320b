import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react'
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router'
import {
  documentTitle,
  NOT_FOUND_TITLE,
  pagePaths,
  pages,
  roleGroups,
  type Page,
  type PageModule,
  type PagePath,
} from '@/shared/pages'
import type { SessionUser } from '@/shared/schemas/auth'
import { AppShell } from './app-shell'
import { RequireRole } from './guards'
import { ConfirmationLayout } from './layouts/confirmation-layout'
import { SiteLayout } from './layouts/site-layout'
import { StaffLayout } from './layouts/staff-layout'
import { RouteErrorBoundary } from './route-error'
import { ShopDenied } from '../components/shop-denied'

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

/** What a route shows: a page of the table, or the Not Found page. */
type RoutedPath = PagePath | '*'

/** A routed path's component, loaded on demand: the page table's module and export, or the Not Found page. */
export async function loadPage(path: RoutedPath): Promise<ComponentType> {
  if (path === '*') return (await import('./not-found')).default
  const page: Page = pages[path]
  return (await loadModule(page.module))[page.export ?? 'default'] as ComponentType
}

/** Each routed path's code asked once, and the component once it is in. */
const asked = new Map<RoutedPath, Promise<ComponentType>>()
const loaded = new Map<RoutedPath, ComponentType>()

/**
 * A routed path's code, asked for once: main.tsx keeps the server's page inert until the first
 * page's code is in, as the lazy component below asks for the same.
 */
export function pageCode(path: RoutedPath): Promise<ComponentType> {
  let code = asked.get(path)
  if (!code) {
    code = loadPage(path).then((component) => {
      loaded.set(path, component)
      return component
    })
    asked.set(path, code)
  }
  return code
}

/**
 * One lazy component per routed path, made once: React keeps what it loaded. Rendered under the
 * layout's <Suspense> (its spinner below the header); a chunk that fails to load throws its error
 * to the boundary in AppRoutes, which says the page could not be loaded (route-error.tsx). A page
 * whose code is already in is handed over at once (a thenable that answers when asked), so
 * React draws it, or hydrates the server's markup of it, in the same pass instead of suspending.
 */
const lazyPages = new Map<RoutedPath, LazyExoticComponent<ComponentType>>(
  [...pagePaths, '*' as const].map((path) => [
    path,
    lazy(() => {
      const component = loaded.get(path)
      if (!component) return pageCode(path).then((c) => ({ default: c }))
      const ready = {
        then: (answer: (module: { default: ComponentType }) => void) => answer({ default: component }),
      }
      return ready as unknown as Promise<{ default: ComponentType }>
    }),
  ]),
)

/** A routed path's page (`page`, its lazy component), and its tab's title ('Produits · Étal') once it is on screen. */
export function RoutedPage({ path, page: Page }: { path: RoutedPath; page: ComponentType }) {
  const title = path === '*' ? NOT_FOUND_TITLE : pages[path].title
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
  return <Page />
}

const routed = (path: RoutedPath) => <RoutedPage path={path} page={lazyPages.get(path)!} />

const pageRoute = (path: PagePath): RouteObject => ({ path, element: routed(path) })

const notFound: RouteObject = { path: '*', element: routed('*') }

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
    children: [
      { element: <SiteLayout />, children: [...pagesOf('site'), notFound] },
      // The confirmation checks the session itself: signed out it says 'Accès non autorisé'.
      { element: <ConfirmationLayout />, children: pagesOf('confirmation') },
      { element: <StaffLayout area="admin" />, children: pagesOf('admin') },
      { element: <StaffLayout area="root" />, children: pagesOf('root') },
    ],
  },
]

/**
 * The app's pages at the router's location (<BrowserRouter> in main.tsx, <StaticRouter> in
 * ssr/entry.tsx): an error while loading or drawing one shows the error page in place of the
 * whole app, until the location changes.
 */
export function AppRoutes() {
  const { pathname } = useLocation()
  const element = useRoutes(routes)
  return <RouteErrorBoundary pathname={pathname}>{element}</RouteErrorBoundary>
}
