import { Suspense } from 'react'
import { Link, Outlet } from 'react-router'
import { MAIN_ID, SkipLink } from '@/client/components/ui/skip-link'
import { PageSpinner } from '@/client/components/ui/spinner'

/** The order confirmation's own layout: the logo and the page, nothing to distract. */
export function ConfirmationLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <SkipLink />
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex h-14 max-w-3xl items-center px-4">
          <Link
            to="/"
            className="flex items-center gap-2 text-xl font-bold text-brand"
            aria-label="Étal, accueil"
          >
            {/* The letter is drawn by CSS: not text, so the link's visible text is its name's (WCAG 2.5.3). */}
            <span
              aria-hidden
              className="grid h-8 w-8 place-items-center rounded-md bg-brand font-serif text-white before:content-['É']"
            />
            Étal
          </Link>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  )
}
