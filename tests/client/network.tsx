import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import superjson from 'superjson'
import { vi } from 'vitest'

/**
 * The network, as the browser's components meet it: `fetch` answers from a table of routes
 * (`GET /_api/auth/session` → status and body). Everything above fetch is the app's own code:
 * the API client, superjson, TanStack Query, the components.
 */
export type Route = { status?: number; body: unknown; json?: boolean }
export function fakeNetwork(routes: Record<string, Route | ((body: unknown) => Route)>) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, url, body, headers: { ...(init.headers as Record<string, string> | undefined) } })
    const path = url.split('?')[0]!
    const found = routes[`${method} ${path}`]
    if (!found)
      return new Response(JSON.stringify({ error: 'Ressource introuvable.', code: 'NOT_FOUND' }), {
        status: 404,
      })
    const route = typeof found === 'function' ? found(body) : found
    const status = route.status ?? 200
    const text = JSON.stringify(
      status >= 400 || route.json || path.startsWith('/_api/auth/')
        ? route.body
        : superjson.serialize(route.body),
    )
    return new Response(text, { status })
  })
  return calls
}

/** A fresh query client (no retries: a failure shows at once). */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })

/** A query client (a fresh one unless given) around a router at `path`. */
export function withProviders(children: ReactNode, path = '/', client = testQueryClient()) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  )
}

export const sessionUser = (role: string, over: Record<string, unknown> = {}) => ({
  id: 1,
  email: `${role}@etal.test`,
  displayName: `Compte ${role}`,
  phoneNumber: '+221 77 000 00 00',
  city: 'Dakar',
  country: 'Sénégal',
  countryId: 1,
  role,
  loyaltyPoints: 0,
  customDiscountPercent: null,
  isActive: true,
  ...over,
})
