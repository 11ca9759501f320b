import type SuperJsonModule from 'superjson'
import type { AnyCall, CallInput, CallOutput } from '@/shared/calls'
import { answerFormat } from '@/shared/calls/define-call'
import type { ClientErrorCode, ErrorCode } from '@/shared/calls/errors'

/**
 * A failed call: `message` is the server's text (docs/rules/api.md#answers), `code` what it means.
 * What a screen shows is chosen by the code (src/client/lib/error-text.ts).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: ErrorCode | ClientErrorCode,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

type Query = Record<string, string | number | boolean | null | undefined>
type Options = { query?: Query; headers?: Record<string, string>; signal?: AbortSignal }

/** A GET's input as its query string: undefined, null and '' are left out (an unset filter). */
function url(path: string, query?: Query) {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  const qs = params.toString()
  return qs ? `${path}?${qs}` : path
}

/**
 * A call gives up after this long (docs/security/run-time.md "Requests that never end"): a dead mobile
 * connection must end in the page's error state, not in a skeleton forever. A checkout retried
 * after a timeout is safe: it carries its idempotency key.
 */
export const REQUEST_TIMEOUT_MS = 15_000
export const NETWORK_MESSAGE = 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.'
export const TIMEOUT_MESSAGE = 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.'

type SuperJson = typeof SuperJsonModule
let superjson: Promise<SuperJson> | undefined
/**
 * The answers' decoder, downloaded with the first call that answers superjson, alongside it: a
 * page whose data came in its HTML (/ and /products, docs/decisions/0020) or whose calls answer
 * plain JSON (the auth calls) does not download it on its first load (docs/decisions/0032).
 */
const decoder = () =>
  (superjson ??= import('superjson').then(
    (m) => m.default,
    (err: unknown) => {
      // Not downloaded (the network dropped): the next call tries again.
      superjson = undefined
      throw err
    },
  ))
const decode = async <T>(data: unknown) =>
  (await decoder()).deserialize(data as Parameters<SuperJson['deserialize']>[0]) as T

/**
 * An answer's body, read once for every call (fetch or upload): its JSON, or the ApiError of a
 * failure (the body's `error`, else its `message`, else the status) or of a body that is not JSON.
 */
function readAnswer(status: number, ok: boolean, text: string): unknown {
  let data: unknown
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    throw new ApiError(`An unexpected error occurred: ${text.slice(0, 200)}`, status, 'NOT_JSON')
  }
  if (!ok) {
    const b = (data ?? {}) as {
      error?: string
      message?: string
      code?: ErrorCode
      fieldErrors?: Record<string, string[]>
    }
    throw new ApiError(
      b.error ?? b.message ?? `Request failed with status ${status}`,
      status,
      b.code,
      b.fieldErrors,
    )
  }
  return data
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  opts: Options = {},
): Promise<T> {
  // One signal for the caller's cancellation and the timeout (AbortSignal.any is too recent for
  // the phones the shop serves).
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, REQUEST_TIMEOUT_MS)
  const cancel = () => controller.abort()
  if (opts.signal?.aborted) controller.abort()
  opts.signal?.addEventListener('abort', cancel, { once: true })
  // Its download starts with the call, not after the answer.
  const format = answerFormat(path)
  if (format === 'superjson') void decoder().catch(() => undefined)
  let res: Response
  let text: string
  try {
    res = await fetch(url(path, opts.query), {
      method,
      credentials: 'same-origin',
      headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: controller.signal,
    })
    text = await res.text()
  } catch (e) {
    if (timedOut) throw new ApiError(TIMEOUT_MESSAGE, 0, 'TIMEOUT')
    if ((e as Error).name === 'AbortError') throw e
    throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK')
  } finally {
    clearTimeout(timer)
    opts.signal?.removeEventListener('abort', cancel)
  }
  const data = readAnswer(res.status, res.ok, text)
  if (format === 'json') return data as T
  try {
    return await decode<T>(data)
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK')
  }
}

/** The declared call (src/shared/calls) of a method and path. */
type CallOf<M extends AnyCall['method'], P extends string> = Extract<AnyCall, { method: M; path: P }>
/** The paths of a method's JSON calls (an upload's body is a file: `api.upload`). */
type PathOf<M extends AnyCall['method']> = Exclude<
  Extract<AnyCall, { method: M }>,
  { upload: object }
>['path']
type UploadCall = Extract<AnyCall, { upload: object }>
/** A GET call's path, input and answer (lib/queries.ts names its cache entries by them). */
export type GetPath = PathOf<'GET'>
export type GetInput<P extends GetPath> = CallInput<CallOf<'GET', P>>
export type GetOutput<P extends GetPath> = CallOutput<CallOf<'GET', P>>
/** A POST call's path, input and answer (a mutation's, as lib/staff-places.ts writes one). */
export type PostPath = PathOf<'POST'>
export type PostInput<P extends PostPath> = CallInput<CallOf<'POST', P>>
export type PostOutput<P extends PostPath> = CallOutput<CallOf<'POST', P>>

type UploadOptions = { onProgress?: (fraction: number) => void; signal?: AbortSignal }

/**
 * Sends a file's bytes to an upload call (its input in the query string), reporting how much
 * has gone: fetch cannot tell an upload's progress, XMLHttpRequest can. The answer and the
 * errors are read as every other call's.
 */
function upload<T>(path: string, input: Query, file: Blob, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    // A photo over 3G takes minutes: the call gives up only when nothing has moved for
    // REQUEST_TIMEOUT_MS (a dead connection), however long the whole takes.
    let stalled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const arm = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        stalled = true
        xhr.abort()
      }, REQUEST_TIMEOUT_MS)
    }
    xhr.open('POST', url(path, input))
    xhr.withCredentials = true
    xhr.setRequestHeader('content-type', 'application/octet-stream')
    xhr.upload.onprogress = (e) => {
      arm()
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total)
    }
    xhr.upload.onload = arm
    xhr.onloadend = () => clearTimeout(timer)
    xhr.onload = () => {
      let data: unknown
      try {
        data = readAnswer(xhr.status, xhr.status >= 200 && xhr.status < 300, xhr.responseText)
      } catch (e) {
        reject(e as Error)
        return
      }
      opts.onProgress?.(1)
      decode<T>(data).then(resolve, () => reject(new ApiError(NETWORK_MESSAGE, 0, 'NETWORK')))
    }
    xhr.onerror = () => reject(new ApiError(NETWORK_MESSAGE, 0, 'NETWORK'))
    xhr.onabort = () =>
      reject(
        stalled ? new ApiError(TIMEOUT_MESSAGE, 0, 'TIMEOUT') : new DOMException('Aborted', 'AbortError'),
      )
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    arm()
    xhr.send(file)
  })
}
/** A call's input, optional when it takes none. */
type CallArgs<C extends AnyCall> =
  Record<string, never> extends CallInput<C>
    ? [input?: CallInput<C>, opts?: Omit<Options, 'query'>]
    : [input: CallInput<C>, opts?: Omit<Options, 'query'>]

/**
 * The one API client: fetch, superjson decoding, French error messages. A call is named by its
 * path; its input and answer types come from its declaration in src/shared/calls, the one the
 * server implements, so neither side drifts without the compiler saying so. Only the types are
 * imported: no schema (nor zod) is downloaded for a call.
 */
export const api = {
  get: <P extends PathOf<'GET'>>(path: P, ...[input, opts]: CallArgs<CallOf<'GET', P>>) =>
    request<CallOutput<CallOf<'GET', P>>>('GET', path, undefined, {
      ...opts,
      query: input as Query | undefined,
    }),
  post: <P extends PathOf<'POST'>>(path: P, ...[input, opts]: CallArgs<CallOf<'POST', P>>) =>
    request<CallOutput<CallOf<'POST', P>>>('POST', path, input, opts),
  /**
   * The address of a GET call answered with a file (a CSV export), for a download link: the
   * browser streams it to disk, however large, instead of holding it in the page.
   */
  href: <P extends PathOf<'GET'>>(path: P, ...[input]: CallArgs<CallOf<'GET', P>>) =>
    url(path, input as Query | undefined),
  /** A file to an upload call (src/shared/calls: `upload`), with its progress from 0 to 1. */
  upload: <P extends UploadCall['path']>(
    path: P,
    input: CallInput<Extract<UploadCall, { path: P }>>,
    file: Blob,
    opts?: UploadOptions,
  ) => upload<CallOutput<Extract<UploadCall, { path: P }>>>(path, input as Query, file, opts),
}

export const errorMessage = (e: unknown, fallback = 'An unknown error occurred') =>
  e instanceof Error && e.message ? e.message : fallback

/** Keeps the API's error (and its status, for the retry rule); a fallback text if it has none. */
export const withFallback = (e: unknown, fallback: string) =>
  e instanceof Error && e.message ? e : new Error(fallback)
