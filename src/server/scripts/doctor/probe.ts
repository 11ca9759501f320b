/**
 * What every check of `npm run doctor` shares: its verdict, its time limit, and one HTTP call
 * that keeps the status even when the body is not JSON (a 401 from a proxy is still a 401).
 */

/** `ok`: fine; `warn`: works without it, said once; `fail`: blocks orders or money, exit code 1. */
export type Level = 'ok' | 'warn' | 'fail'
export type CheckResult = { name: string; level: Level; message: string }

export const ok = (name: string, message: string): CheckResult => ({ name, level: 'ok', message })
export const warn = (name: string, message: string): CheckResult => ({ name, level: 'warn', message })
export const fail = (name: string, message: string): CheckResult => ({ name, level: 'fail', message })

/** Each check's time limit, so that the command always ends. */
export const CHECK_LIMIT_MS = 8_000

export class TimeLimit extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`)
    this.name = 'TimeLimit'
  }
}

/** The promise, or TimeLimit after `ms`; the timer never holds the process open. */
export function withLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeLimit(ms)), ms)
    timer.unref()
  })
  return Promise.race([work, limit]).finally(() => clearTimeout(timer))
}

/** "8 s", "0,5 s": the limit as an operator reads it. */
export const seconds = (ms: number) => `${(ms / 1000).toLocaleString('fr-FR')} s`

/** A network fault or a time-out: the provider "ne répond pas", the key was not judged. */
export class NoAnswer extends Error {
  constructor(readonly why: string) {
    super(why)
    this.name = 'NoAnswer'
  }
}

export type Answer = { status: number; json: unknown }

/**
 * One HTTP call with a time limit. A network failure or the time-out throws NoAnswer; any
 * status is returned as it came, with the body as JSON when it is JSON (else null).
 */
export async function httpProbe(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
  limitMs: number,
): Promise<Answer> {
  try {
    const res = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(limitMs),
    })
    const text = await res.text()
    let json: unknown = null
    try {
      json = text ? (JSON.parse(text) as unknown) : null
    } catch {
      json = null
    }
    return { status: res.status, json }
  } catch (err) {
    const e = err as Error
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw new NoAnswer(`pas de réponse en ${seconds(limitMs)}`)
    throw new NoAnswer(errorText(e))
  }
}

/**
 * An error as the report says it: the first system code found along its causes (ECONNREFUSED,
 * ENOTFOUND…), else the innermost cause's first line, short. A driver's message may quote a
 * query in full; a code never does.
 */
export function errorText(err: unknown): string {
  const seen = new Set<unknown>()
  const queue: unknown[] = [err]
  let innermost = err as { message?: unknown } | null
  while (queue.length) {
    const e = queue.shift() as {
      code?: unknown
      cause?: unknown
      errors?: unknown[]
      message?: unknown
    } | null
    if (!e || typeof e !== 'object' || seen.has(e)) continue
    seen.add(e)
    if (typeof e.code === 'string' && /^E[A-Z_]+$/.test(e.code)) return e.code
    if (typeof e.message === 'string' && e.message) innermost = e
    queue.push(e.cause, ...(Array.isArray(e.errors) ? e.errors : []))
  }
  return String(innermost?.message ?? err)
    .split('\n')[0]!
    .slice(0, 160)
}

/** A field of a JSON object answer, as a string, if present. */
export const field = (json: unknown, name: string): string | undefined => {
  if (!json || typeof json !== 'object') return undefined
  const v = (json as Record<string, unknown>)[name]
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined
}
