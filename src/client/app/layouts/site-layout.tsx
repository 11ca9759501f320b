import { Outlet } from 'react-router'
import { MAIN_ID, SkipLink } from '@/client/components/ui/skip-link'
import { PageSpinner } from '@/client/components/ui/spinner'
import { CartCountryGuard } from '@/client/lib/cart-country-guard'
import { HydrateLater } from '@/client/lib/hydrate-later'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <CartCountryGuard />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {/* The page is hydrated in a task of its own, after the header (docs/decisions/0028). */}
        <HydrateLater fallback={<PageSpinner />}>
          <Outlet />
        </HydrateLater>
      </main>
      {/* Below the first screen: hydrated after the page (docs/decisions/0028). */}
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
    </div>
  )
}
