// @vitest-environment happy-dom
import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryState } from '../../src/client/components/ui/query-state'
import { api } from '../../src/client/lib/api'
import { createQueryClient, RETRY_DELAY_MS } from '../../src/client/lib/query-client'
import { fakeNetwork } from './network'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/**
 * The walk-through: with the app's own query client (lib/query-client.ts), a failing read shows
 * its error after one failed retry, half a second later, not after seconds of skeletons; a
 * refusal (4xx) at once, never retried.
 */
function Cities({ retry }: { retry?: number }) {
  const query = useQuery({
    queryKey: ['cities'],
    queryFn: async () => (await api.get('/_api/cities')).cities,
    ...(retry !== undefined && { retry }),
  })
  return (
    <QueryState query={query} loading={<p>Chargement…</p>}>
      {(cities) => <p>{cities.length} villes</p>}
    </QueryState>
  )
}
const app = (node: React.ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>
)
const citiesCalls = (calls: { url: string }[]) => calls.filter((c) => c.url === '/_api/cities').length

describe('a read that fails', () => {
  it('shows its error once the one retry has failed too, within a second', async () => {
    const calls = fakeNetwork({
      'GET /_api/cities': {
        status: 503,
        body: { error: 'Service momentanément indisponible.', code: 'UNAVAILABLE' },
      },
    })
    const started = performance.now()
    render(app(<Cities />))
    expect(screen.getByText('Chargement…')).toBeTruthy()
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 })
    const elapsed = performance.now() - started
    expect(alert.textContent).toContain('Service momentanément indisponible.')
    expect(citiesCalls(calls)).toBe(2)
    expect(elapsed).toBeGreaterThanOrEqual(RETRY_DELAY_MS - 50)
    expect(elapsed).toBeLessThan(1500)
    // No third attempt behind the error.
    await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * 2))
    expect(citiesCalls(calls)).toBe(2)
  })

  it('shows a refusal (4xx) at once, without retrying it', async () => {
    const calls = fakeNetwork({
      'GET /_api/cities': { status: 403, body: { error: 'Accès non autorisé', code: 'FORBIDDEN' } },
    })
    render(app(<Cities />))
    expect((await screen.findByRole('alert', {}, { timeout: 400 })).textContent).toContain(
      'Accès non autorisé',
    )
    await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * 2))
    expect(citiesCalls(calls)).toBe(1)
  })

  it('shows its error after the first failed retry even when the query itself retries more', async () => {
    const calls = fakeNetwork({
      'GET /_api/cities': { status: 500, body: { error: 'Erreur interne du serveur.', code: 'INTERNAL' } },
    })
    render(app(<Cities retry={5} />))
    expect((await screen.findByRole('alert', {}, { timeout: 2500 })).textContent).toContain(
      'Erreur interne du serveur.',
    )
    expect(citiesCalls(calls)).toBe(2)
  })

  it('a network failure is retried once, then the page says so', async () => {
    let attempts = 0
    vi.stubGlobal('fetch', async () => {
      attempts++
      throw new TypeError('Failed to fetch')
    })
    render(app(<Cities />))
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain(
      'Impossible de joindre le serveur.',
    )
    expect(attempts).toBe(2)
  })
})
