import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api'

/** 60 s staleness by default; no retry on a refusal (4xx), at most 2 otherwise. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: (count, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
          return count < 2
        },
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}

/** Five-minute caches: country stats, categories, order details, drivers. */
export const FIVE_MINUTES = 5 * 60_000
