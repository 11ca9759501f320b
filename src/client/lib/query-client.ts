import { QueryClient } from '@tanstack/react-query'
import { accountFollower } from './account-data'
import { ApiError } from './api'

/** A refusal (4xx) says the same thing the second time: never retried. */
export const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500

/**
 * A failed read is tried once more, after this long, then the page shows its error with its
 * retry button: two retries with TanStack's backoff kept a page on its
 * skeletons for seconds (1 s, then 2 s, plus each attempt's own time) before saying anything.
 */
export const RETRY_DELAY_MS = 500

/**
 * 60 s staleness by default; no retry on a refusal (4xx), one quick retry otherwise. Calls are
 * made even when the browser says it is offline (`networkMode: 'always'`): the service worker
 * answers the catalogue from its copy, and any other call fails at once with its page's error
 * rather than waiting, paused, for a connection (docs/decisions/0021). What the browser keeps
 * for an account follows the session of this cache (account-data.ts).
 */
export function createQueryClient() {
  const account = accountFollower()
  const client = new QueryClient({
    queryCache: account.queryCache,
    mutationCache: account.mutationCache,
    defaultOptions: {
      queries: {
        networkMode: 'always',
        staleTime: 60_000,
        retry: (count, error) => !isRefusal(error) && count < 1,
        retryDelay: RETRY_DELAY_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  })
  account.follow(client)
  return client
}

/** Five-minute caches: country stats, categories, order details, drivers. */
export const FIVE_MINUTES = 5 * 60_000
