import { lazy, Suspense, useEffect } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { isStaff, roleLabel } from '@/shared/domain/roles'
import { cn } from '@/client/components/ui/cn'
import { MAIN_ID, SkipLink } from '@/client/components/ui/skip-link'
import { PageSpinner } from '@/client/components/ui/spinner'
import { liveBadge, useLiveBadge } from '@/client/lib/live-badge'
import { useSession } from '@/client/lib/session'
import { navFor } from '../nav'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

// docs/rules/orders.md#live: the stream, the ring and the alerts' offer, in a chunk of their own.
const StaffLive = lazy(() => import('@/client/lib/live-orders'))

/**
 * The menu's orders pages carry the badge of new orders heard since staff last opened them: it
 * shows on the list too (an order came in while it was open), and opening the entry clears it.
 */
const isOrdersEntry = (label: string) => label === 'Commandes'

/**
 * The admin and root layouts: the site header, then the menu of the pages the role
 * may open — a sidebar on a desktop, a scrolling row on a phone.
 */
export function StaffLayout({ area }: { area: 'admin' | 'root' }) {
  const { user } = useSession()
  const entries = user ? navFor(user.role) : []
  const fresh = useLiveBadge()
  const { pathname } = useLocation()
  const onOrders = entries.some((e) => isOrdersEntry(e.label) && e.to === pathname)
  useEffect(() => {
    if (onOrders) liveBadge.clear()
  }, [onOrders, pathname])
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col md:flex-row" data-area={area}>
        {entries.length > 0 && (
          <nav
            aria-label="Menu d'administration"
            className="border-b border-stone-200 bg-white md:w-56 md:shrink-0 md:border-r md:border-b-0"
          >
            <p className="hidden px-4 pt-5 pb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase md:block">
              {/* Who is signed in: its role, then what it manages (root: every country). */}
              {roleLabel(user?.role)} · {user?.role === 'root' ? 'Tous les pays' : (user?.country ?? '')}
            </p>
            <ul className="flex flex-wrap gap-1 px-3 py-2 md:flex-col md:flex-nowrap md:px-2">
              {entries.map((e) => (
                <li key={e.to} className="shrink-0">
                  <NavLink
                    to={e.to}
                    end
                    onClick={isOrdersEntry(e.label) ? liveBadge.clear : undefined}
                    className={({ isActive }) =>
                      cn(
                        'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                        isActive ? 'bg-brand-light text-brand' : 'text-stone-700 hover:bg-stone-100',
                      )
                    }
                  >
                    {e.label}
                    {isOrdersEntry(e.label) && fresh > 0 && (
                      <span
                        data-testid="new-orders-badge"
                        className="bg-brand ml-2 inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-semibold text-white"
                      >
                        {fresh}
                        <span className="sr-only">
                          {' '}
                          {fresh > 1 ? 'nouvelles commandes' : 'nouvelle commande'}
                        </span>
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
            {isStaff(user?.role) && (
              <Suspense fallback={null}>
                <StaffLive />
              </Suspense>
            )}
          </nav>
        )}
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 md:px-8">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <SiteFooter />
    </div>
  )
}
