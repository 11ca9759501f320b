import { createContext, useContext } from 'react'
import { isShopper } from '@/shared/domain/roles'
import type { FirstPageCatalogue } from '@/shared/first-page'
import { useSession } from './session'

/**
 * Whose catalogue the server rendered into this page (/ and /products, docs/decisions/0020):
 * given to the app's providers by the server's render and, before hydrating, by main.tsx, so
 * that the page is drawn with it until the session has loaded and the browser's first render
 * matches the server's. Null on a page rendered without one. A context, not a module's variable:
 * the server renders several pages at once.
 */
export const FirstPageContext = createContext<FirstPageCatalogue | null>(null)

/**
 * Whether the caller is signed in and does not shop (staff, a driver): told by the session, or
 * while it loads, by the kind of caller the server rendered the page for, so that the first HTML
 * and the first render agree and a staff member never sees shopping buttons on the way.
 */
export function useNotShopper(): boolean {
  const { status, user } = useSession()
  const firstPage = useContext(FirstPageContext)
  if (user) return !isShopper(user.role)
  return status === 'loading' && firstPage?.caller === 'staff'
}
