import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { CART_PAGE_SLOT } from '@/shared/cart-cookie'
import { MAIN_ID, SkipLink } from '@/client/components/ui/skip-link'
import { PageSpinner } from '@/client/components/ui/spinner'
import { CartCountryGuard } from '@/client/lib/cart-country-guard'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export function SiteLayout() {
  const { pathname } = useLocation()
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <CartCountryGuard />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {/* The cart drawn by the server from its cookie, for a browser without script
            (docs/rules/catalogue.md#before-the-script); empty here, and React leaves it so. */}
        {pathname === '/cart' && <noscript {...{ [CART_PAGE_SLOT]: '' }} />}
        {/* A boundary of its own: React hydrates the page after the header, in slices (docs/decisions/0032). */}
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      {/* Below the first screen: hydrated after the page (docs/decisions/0032). */}
      <Suspense>
        <SiteFooter />
      </Suspense>
    </div>
  )
}
