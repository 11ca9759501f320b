import { MutationCache, QueryCache, type QueryClient } from '@tanstack/react-query'
import type { SessionUser } from '@/shared/schemas/auth'
import { ApiError } from './api'
import { clearCart } from './cart'
import { CATALOGUE_PATHS, forgetAccount } from './offline-caches'

/**
 * What the browser keeps for an account, on a phone several people may share
 * (docs/security/sessions-and-devices.md, "A shared device"): the cart and the checkout's delivery details (address,
 * phone, notes) in `localStorage`, the service worker's copies of the session and of the pages
 * (Cache Storage, offline-caches.ts), and the query cache. They belong to the account whose id
 * is kept under OWNER_KEY. As soon as the session is anyone else's or no one's (a sign-out, a
 * session that expired: a 401 from the API), they are removed, before any page reads them.
 *
 * Not an account's: the visitor's country choice (catalogue.ts) and, in session storage, the
 * product a signed-out visitor asked to add (cart-actions.ts), which a sign-in consumes.
 * IndexedDB holds only Workbox's dates of the worker's copies.
 */
export const OWNER_KEY = 'etal.account'

/** The checkout's delivery choices, kept until an order succeeds (cart-actions.ts). */
export const DELIVERY_KEY = 'etal.delivery-info'

const sessionQuery = 'session'

/**
 * Drops the answers of the account that was, when it changes (a sign-in, a sign-out, a session
 * that ended). Kept: the session, and the public catalogue's answers (its products, the home
 * page's, the countries, the categories), the same for every caller and holding nothing of an
 * account, whose copies the service worker keeps too. A visitor who signs in does not read again
 * the countries its first page came with (docs/decisions/0058).
 */
export function dropAccountAnswers(qc: QueryClient) {
  qc.removeQueries({
    predicate: (q) =>
      q.queryKey[0] !== sessionQuery && !(CATALOGUE_PATHS as readonly unknown[]).includes(q.queryKey[0]),
  })
}

/** Removes the account's stores when `userId` (null: no one) is not the account they belong to. */
export function settleAccountData(userId: number | null): boolean {
  let owner: string | null
  try {
    owner = localStorage.getItem(OWNER_KEY)
  } catch {
    return false // storage disabled: nothing was kept in it
  }
  const current = userId === null ? null : String(userId)
  if (owner === current) return false
  try {
    localStorage.removeItem(DELIVERY_KEY)
    if (current === null) localStorage.removeItem(OWNER_KEY)
    else localStorage.setItem(OWNER_KEY, current)
  } catch {
    // storage disabled midway: nothing more to remove
  }
  clearCart()
  // The worker's copies of an account (its session answer, the pages rendered for it).
  if (owner !== null) void forgetAccount()
  return true
}

/**
 * Keeps the account's stores to the session of a query cache (the one of the page): whenever the
 * session's answer names another account, or none, they are removed, and so are the answers
 * cached for the previous one. Any call answered 401 asks for the session again: an expired
 * session then reads as no one and the same removal follows. Returns the caches to build the
 * QueryClient with, and `follow` to call once it exists (query-client.ts).
 */
export function accountFollower() {
  let client: QueryClient | null = null
  let shown: number | null | undefined // undefined: not known yet on this page
  const on401 = (error: unknown, key?: readonly unknown[]) => {
    if (!(error instanceof ApiError) || error.status !== 401) return
    if (key?.[0] === sessionQuery || !shown) return
    void client?.invalidateQueries({ queryKey: [sessionQuery] })
  }
  return {
    queryCache: new QueryCache({ onError: (error, query) => on401(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => on401(error) }),
    follow(qc: QueryClient) {
      if (typeof window === 'undefined') return // the server's render keeps nothing
      client = qc
      qc.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] !== sessionQuery) return
        // 'added' with an answer: the session a visitor's page holds in its data (main.tsx
        // hydrates it), which no read follows.
        if (event.type !== 'updated' && event.type !== 'added') return
        if (event.query.state.status !== 'success') return
        const user = event.query.state.data as SessionUser | null | undefined
        const id = user?.id ?? null
        if (id === shown) return
        const before = shown
        shown = id
        settleAccountData(id)
        if (before !== undefined) dropAccountAnswers(qc)
      })
    },
  }
}
