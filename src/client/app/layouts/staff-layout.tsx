import { Suspense } from 'react'
import { NavLink, Outlet } from 'react-router'
import { roleLabel } from '@/shared/domain/roles'
import { cn } from '@/client/components/ui/cn'
import { MAIN_ID, SkipLink } from '@/client/components/ui/skip-link'
import { PageSpinner } from '@/client/components/ui/spinner'
import { useSession } from '@/client/lib/session'
import { navFor } from '../nav'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/**
 * The admin and root layouts: the site header, then the menu of the pages the role
 * may open — a sidebar on a desktop, a scrolling row on a phone.
 */
export function StaffLayout({ area }: { area: 'admin' | 'root' }) {
  const { user } = useSession()
  const entries = user ? navFor(user.role) : []
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
              {area === 'root' ? 'Root' : 'Administration'} · {roleLabel(user?.role)}
            </p>
            <ul className="flex flex-wrap gap-1 px-3 py-2 md:flex-col md:flex-nowrap md:px-2">
              {entries.map((e) => (
                <li key={e.to} className="shrink-0">
                  <NavLink
                    to={e.to}
                    end
                    className={({ isActive }) =>
                      cn(
                        'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                        isActive ? 'bg-brand-light text-brand' : 'text-stone-700 hover:bg-stone-100',
                      )
                    }
                  >
                    {e.label}
                  </NavLink>
                </li>
              ))}
            </ul>
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
