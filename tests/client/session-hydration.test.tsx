// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdDrawnSession, sessionKey, useSession } from '../../src/client/lib/session'
import type { SessionUser } from '../../src/shared/schemas/auth'

/**
 * A signed-in caller's page is drawn by the server without its session, which the browser asks
 * for with the page (docs/rules/phones-offline.md, "The session asked with the page"). The
 * answer often comes in while React is still hydrating the page's later parts (each
 * `<Suspense>`). Those parts are hydrated as the server drew them, then drawn with the session:
 * React never finds markup that does not match, which would make it throw the part away and draw
 * it again (a hydration error in the console, the part drawn twice).
 */
const client: SessionUser = {
  id: 7,
  email: 'client@etal.demo',
  displayName: 'Aminata Ba',
  phoneNumber: null,
  city: 'Dakar',
  country: 'Sénégal',
  countryId: 1,
  role: 'client',
  loyaltyPoints: 0,
  customDiscountPercent: null,
  isActive: true,
}

let renders = 0
function SignIn() {
  const { user } = useSession()
  renders++
  return <a href="/">{user ? 'Mon espace' : 'Se connecter'}</a>
}

const tree = (qc: QueryClient) => (
  <QueryClientProvider client={qc}>
    <SignIn />
  </QueryClientProvider>
)

/** The server's markup, drawn without a session; then hydrated once the session's answer came. */
async function hydrateAfterAnswer(hold: boolean) {
  const box = document.createElement('div')
  box.innerHTML = renderToString(tree(new QueryClient()))
  document.body.append(box)
  const qc = new QueryClient()
  if (hold) holdDrawnSession(qc)
  // The answer, come in before this part is hydrated.
  qc.setQueryData(sessionKey, client)
  const recoverable = vi.fn()
  renders = 0
  await act(async () => {
    hydrateRoot(box, tree(qc), { onRecoverableError: recoverable })
  })
  return { box, recoverable }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the session, hydrated', () => {
  it('a part hydrated after the session’s answer came is hydrated as the server drew it, then drawn signed in', async () => {
    const { box, recoverable } = await hydrateAfterAnswer(true)
    expect(recoverable).not.toHaveBeenCalled()
    expect(box.textContent).toBe('Mon espace')
    expect(renders).toBe(2)
  })

  it('without the drawn session recorded, the same part does not match the server’s markup (what main.tsx avoids)', async () => {
    const { recoverable } = await hydrateAfterAnswer(false)
    expect(recoverable).toHaveBeenCalled()
  })

  it('a page drawn for a visitor holds its session, none: hydrated signed out, no error', async () => {
    const box = document.createElement('div')
    const server = new QueryClient()
    server.setQueryData(sessionKey, null)
    box.innerHTML = renderToString(tree(server))
    document.body.append(box)
    const qc = new QueryClient()
    qc.setQueryData(sessionKey, null)
    holdDrawnSession(qc)
    const recoverable = vi.fn()
    renders = 0
    await act(async () => {
      hydrateRoot(box, tree(qc), { onRecoverableError: recoverable })
    })
    expect(recoverable).not.toHaveBeenCalled()
    expect(box.textContent).toBe('Se connecter')
    // Nothing changed since the server drew it: drawn once, not again after hydrating.
    expect(renders).toBe(1)
  })

  it('a signed-in caller’s part hydrated before the answer is drawn once, then again with the answer', async () => {
    const box = document.createElement('div')
    box.innerHTML = renderToString(tree(new QueryClient()))
    document.body.append(box)
    const qc = new QueryClient()
    holdDrawnSession(qc)
    const recoverable = vi.fn()
    renders = 0
    await act(async () => {
      hydrateRoot(box, tree(qc), { onRecoverableError: recoverable })
    })
    expect(renders).toBe(1)
    expect(box.textContent).toBe('Se connecter')
    await act(async () => {
      qc.setQueryData(sessionKey, client)
      // TanStack Query tells its observers in a task of its own.
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(recoverable).not.toHaveBeenCalled()
    expect(box.textContent).toBe('Mon espace')
  })
})
