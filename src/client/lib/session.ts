import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type { LoginInput, RegisterInput, SessionUser } from '@/shared/schemas/auth'
import { dropAccountAnswers } from './account-data'
import { api, ApiError } from './api'
import { forgetAccount } from './offline-caches'

export const sessionKey = ['session'] as const

type Session =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: SessionUser }
  | { status: 'unauthenticated'; user: null; error?: string }

/** The session query: never stale, one retry; a 401 means signed out, not an error. */
export const sessionQuery = {
  queryKey: sessionKey,
  queryFn: async (): Promise<SessionUser | null> => {
    try {
      return (await api.get('/_api/auth/session')).user
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return null
      throw e
    }
  },
  staleTime: Infinity,
  retry: 1,
}

/** The session's read not answered yet, as a snapshot (a value of its own, compared by identity). */
const PENDING = Symbol('session pending')
type Drawn = SessionUser | null | typeof PENDING

/**
 * The session each page was drawn with by the server, by query client: held in the page's data (a
 * visitor's, none) or not known yet (a signed-in caller's, asked with the page).
 */
const drawnWith = new WeakMap<QueryClient, Drawn>()

/**
 * Records, before hydrating, the session the server drew the page with (main.tsx). The parts of
 * the page hydrated after the rest (each `<Suspense>`: the page under the header, the cards below
 * the first screen, the footer) are drawn with it, as the server drew them, even when the
 * session's answer came in meanwhile: drawn with the answer, they would not match the server's
 * markup, and React would throw that markup away and draw them again (docs/rules/phones-offline.md,
 * "The session asked with the page"). They are drawn with the answer right after.
 */
export function holdDrawnSession(client: QueryClient) {
  const state = client.getQueryState<SessionUser | null>(sessionKey)
  drawnWith.set(client, state?.status === 'success' ? (state.data ?? null) : PENDING)
}

const noSubscription = () => () => undefined

/** The session, as the page draws it. */
export function useSession(): Session {
  const q = useQuery(sessionQuery)
  const drawn = drawnWith.get(useQueryClient())
  const live: Drawn = q.isPending ? PENDING : (q.data ?? null)
  // Hydrating, React reads the server's snapshot: the drawn session. Once hydrated, it compares
  // it with the live one and draws the part again only if they differ. The query's own
  // subscription draws every later change.
  const shown = useSyncExternalStore(
    noSubscription,
    () => live,
    () => (drawn === undefined ? live : drawn),
  )
  if (shown === PENDING) return { status: 'loading', user: null }
  if (shown) return { status: 'authenticated', user: shown }
  return {
    status: 'unauthenticated',
    user: null,
    error: q.isError ? q.error.message || 'Session check failed' : undefined,
  }
}

/**
 * Signs in: the answer's user becomes the session at once, every other cached answer is dropped.
 * With `accepts`, a user it refuses (a login gate's wrong role) is never published as
 * the session, so no page re-renders for that role before the caller signs it out and says why.
 */
export function useLogin(accepts?: (user: SessionUser) => boolean) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: LoginInput) => api.post('/_api/auth/login_with_password', input),
    onSuccess: (answer) => {
      // A staff account with a second factor has no session yet: the form asks for the code.
      if ('user' in answer) publishUser(qc, answer.user, accepts)
    },
  })
}

/** A user just signed in becomes the session (unless `accepts` refuses it), the answers of the one before dropped. */
export function publishUser(
  qc: ReturnType<typeof useQueryClient>,
  user: SessionUser,
  accepts?: (user: SessionUser) => boolean,
) {
  if (accepts && !accepts(user)) return
  dropAccountAnswers(qc)
  qc.setQueryData(sessionKey, user)
}

export function useRegister() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: RegisterInput) => api.post('/_api/auth/register_with_password', input),
    onSuccess: ({ user }) => publishUser(qc, user),
  })
}

/** Logout: clear the session at once, post to logout, then refresh the session. */
export function useLogout() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      qc.setQueryData(sessionKey, null)
      dropAccountAnswers(qc)
      await forgetAccount()
      try {
        await api.post('/_api/auth/logout')
      } finally {
        await qc.invalidateQueries({ queryKey: sessionKey })
      }
    },
  })
}

/** Signs the session out without the optimistic clear (a login gate refusing the role). */
export async function signOutQuietly(qc: ReturnType<typeof useQueryClient>) {
  await forgetAccount()
  await api.post('/_api/auth/logout').catch(() => undefined)
  qc.setQueryData(sessionKey, null)
}

/**
 * The session once known: at once when it is, else when its read answers (the one in flight is
 * shared). An action tapped while the page is still asking (a first visit on a slow phone) acts
 * for the person who is signed in, not for a visitor.
 */
export function useSessionWhenKnown() {
  const qc = useQueryClient()
  return (): Promise<SessionUser | null> => qc.fetchQuery(sessionQuery)
}
