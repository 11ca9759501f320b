// @vitest-environment happy-dom
import { useQuery } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RequireRole } from '../../src/client/app/guards'
import { QueryState } from '../../src/client/components/ui/query-state'
import { api } from '../../src/client/lib/api'
import { fakeNetwork, sessionUser, withProviders } from './network'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('RequireRole (route guards)', () => {
  const guarded = (path: string) =>
    withProviders(
      <Routes>
        <Route path="/client/login" element={<p>Page de connexion</p>} />
        <Route
          path="*"
          element={
            <RequireRole roles={['admin', 'super_admin', 'root']}>
              <p>Page du personnel</p>
            </RequireRole>
          }
        />
      </Routes>,
      path,
    )

  it('shows the page to a role it allows', async () => {
    fakeNetwork({ 'GET /_api/auth/session': { body: { user: sessionUser('admin') } } })
    render(guarded('/admin/orders-only'))
    expect(await screen.findByText('Page du personnel')).toBeTruthy()
  })

  it('sends a visitor to the client login', async () => {
    fakeNetwork({
      'GET /_api/auth/session': { status: 401, body: { error: 'Non authentifié', code: 'UNAUTHORIZED' } },
    })
    render(guarded('/admin/orders-only'))
    expect(await screen.findByText('Page de connexion')).toBeTruthy()
    expect(screen.queryByText('Page du personnel')).toBeNull()
  })

  it('refuses another role with the spec’s message, and never shows the page', async () => {
    fakeNetwork({ 'GET /_api/auth/session': { body: { user: sessionUser('client') } } })
    render(guarded('/admin/orders-only'))
    expect(await screen.findByText('Accès refusé')).toBeTruthy()
    expect(screen.getByText('Access denied. Your role (client) lacks required permissions.')).toBeTruthy()
    expect(screen.queryByText('Page du personnel')).toBeNull()
  })
})

describe('QueryState', () => {
  function Cities({ empty }: { empty?: string }) {
    const query = useQuery({
      queryKey: ['cities'],
      queryFn: async () => (await api.get('/_api/cities')).cities,
    })
    return (
      <QueryState query={query} loading={<p>Chargement…</p>} empty={empty} isEmpty={(c) => c.length === 0}>
        {(cities) => (
          <ul>
            {cities.map((c) => (
              <li key={c.id}>{c.name}</li>
            ))}
          </ul>
        )}
      </QueryState>
    )
  }

  it('shows the loading state, then the data', async () => {
    fakeNetwork({ 'GET /_api/cities': { body: { cities: [{ id: 1, name: 'Dakar' }] } } })
    render(withProviders(<Cities />))
    expect(screen.getByText('Chargement…')).toBeTruthy()
    expect(await screen.findByText('Dakar')).toBeTruthy()
  })

  it('shows the empty text when there is nothing', async () => {
    fakeNetwork({ 'GET /_api/cities': { body: { cities: [] } } })
    render(withProviders(<Cities empty="Aucune ville trouvée" />))
    expect(await screen.findByText('Aucune ville trouvée')).toBeTruthy()
  })

  it('shows the server’s French message with a retry that fetches again', async () => {
    let fail = true
    const calls = fakeNetwork({
      'GET /_api/cities': () =>
        fail
          ? {
              status: 503,
              body: { error: 'Service momentanément indisponible.', code: 'SERVICE_UNAVAILABLE' },
            }
          : { body: { cities: [{ id: 2, name: 'Thiès' }] } },
    })
    render(withProviders(<Cities />))
    expect((await screen.findByRole('alert')).textContent).toContain('Service momentanément indisponible.')
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByText('Thiès')).toBeTruthy()
    expect(calls.filter((c) => c.url === '/_api/cities')).toHaveLength(2)
  })

  it('shows a failure’s own view when `errorView` gives one (a record not found), the usual one else', async () => {
    function City() {
      const query = useQuery({
        queryKey: ['city'],
        queryFn: async () => (await api.get('/_api/cities')).cities,
        retry: false,
      })
      return (
        <QueryState
          query={query}
          loading={<p>Chargement…</p>}
          errorView={(e) =>
            (e as { status?: number }).status === 404 ? <h1>Ville introuvable</h1> : undefined
          }
        >
          {() => <p>Trouvée</p>}
        </QueryState>
      )
    }
    fakeNetwork({ 'GET /_api/cities': { status: 404, body: { error: 'Introuvable.', code: 'NOT_FOUND' } } })
    render(withProviders(<City />))
    expect(await screen.findByRole('heading', { name: 'Ville introuvable' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull()
    cleanup()
    fakeNetwork({
      'GET /_api/cities': { status: 503, body: { error: 'Indisponible.', code: 'SERVICE_UNAVAILABLE' } },
    })
    render(withProviders(<City />))
    expect((await screen.findByRole('alert')).textContent).toContain('Indisponible.')
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy()
  })
})
