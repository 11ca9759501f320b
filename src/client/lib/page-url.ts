import { useContext, useSyncExternalStore } from 'react'
// The one module that reads the URL's inputs (eslint.config.js refuses them elsewhere).
// eslint-disable-next-line no-restricted-imports
import { useParams, useSearchParams, type Params } from 'react-router'
import { FirstPageContext } from './first-page-context'

const noSubscribe = () => () => undefined
const inBrowser = () => true

/**
 * Whether the page may draw what its URL says (its route's parameters, its query string): false
 * where the page is drawn as the build's shell was, true everywhere else.
 *
 * The build draws one shell per page of the table at a sample URL (`/order-confirmation/0/receipt`,
 * `/reset-password` without its `?token=`, scripts/prerender-shells.tsx), and React hydrates that
 * markup at the page's real URL: a page drawing its URL there would not match it (React's error
 * #418, the page thrown away and drawn again) and would show the sample meanwhile ('commande #0').
 * So in the shell and in the render that hydrates it, the URL is not known yet; React draws the
 * page again with it as soon as the markup is taken over (`useSyncExternalStore`'s server
 * snapshot, as lib/session.ts does). A page the server rendered at its own URL (/, /products, a
 * product's page: web/first-pages.ts, with the page's data, hence `FirstPageContext`) knows it in
 * its first render too; a page drawn by the browser after a navigation always does
 * (docs/rules/phones-offline.md#phone-first-load).
 */
export function useUrlKnown(): boolean {
  const drawnAtItsUrl = useContext(FirstPageContext) !== null
  return useSyncExternalStore(noSubscribe, inBrowser, () => drawnAtItsUrl)
}

/** The route's parameters (`:orderId`…), or null while the page is drawn as its shell was (`useUrlKnown`). */
export function usePageParams(): Readonly<Params> | null {
  const params = useParams()
  return useUrlKnown() ? params : null
}

/** The URL's query string, or null while the page is drawn as its shell was (`useUrlKnown`). */
export function usePageSearch(): URLSearchParams | null {
  const [search] = useSearchParams()
  return useUrlKnown() ? search : null
}
