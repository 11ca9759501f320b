import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { PageSpinner } from '../../components/ui/spinner'
import { CartCountryGuard } from '../../lib/cart-country-guard'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <CartCountryGuard />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  )
}
