import { Suspense } from 'react'
import { Link, Outlet } from 'react-router'
import { PageSpinner } from '../../components/ui/spinner'

/** The order confirmation's own layout: the logo and the page, nothing to distract. */
export function ConfirmationLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex h-14 max-w-3xl items-center px-4">
          <Link to="/" className="flex items-center gap-2 text-xl font-bold text-brand" aria-label="Étal, accueil">
            <span className="grid h-8 w-8 place-items-center rounded-md bg-brand font-serif text-white">É</span>
            Étal
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  )
}
