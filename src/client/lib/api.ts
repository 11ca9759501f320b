import superjson from 'superjson'

/** A failed call: `message` is already the text to show (SPEC §8's generic rules). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

type Query = Record<string, string | number | boolean | null | undefined>
type Options = { query?: Query; headers?: Record<string, string>; signal?: AbortSignal }

function url(path: string, query?: Query) {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  const qs = params.toString()
  return qs ? `${path}?${qs}` : path
}

async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, opts: Options = {}): Promise<T> {
  let res: Response
  try {
    res = await fetch(url(path, opts.query), {
      method,
      credentials: 'same-origin',
      headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: opts.signal,
    })
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e
    throw new ApiError('Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.', 0, 'NETWORK')
  }
  const text = await res.text()
  let data: unknown
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    throw new ApiError(`An unexpected error occurred: ${text.slice(0, 200)}`, res.status, 'NOT_JSON')
  }
  if (!res.ok) {
    const b = (data ?? {}) as { error?: string; message?: string; code?: string; fieldErrors?: Record<string, string[]> }
    throw new ApiError(b.error ?? b.message ?? `Request failed with status ${res.status}`, res.status, b.code, b.fieldErrors)
  }
  // Auth calls answer plain JSON; every other call superjson (DECISIONS.md "API answers").
  if (path.startsWith('/_api/auth/')) return data as T
  return superjson.deserialize(data as Parameters<typeof superjson.deserialize>[0]) as T
}

/** The one API client: fetch, superjson decoding, French error messages. */
export const api = {
  get: <T>(path: string, query?: Query, opts?: Omit<Options, 'query'>) => request<T>('GET', path, undefined, { ...opts, query }),
  post: <T>(path: string, body?: unknown, opts?: Options) => request<T>('POST', path, body, opts),
}

export const errorMessage = (e: unknown, fallback = 'An unknown error occurred') =>
  e instanceof Error && e.message ? e.message : fallback
