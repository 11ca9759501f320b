import type { ErrorCode } from '@/shared/calls/errors'

/**
 * A failure the client may see: status, stable code (one of the contract's `errorCodes`, which the
 * browser reads to choose its text), French message safe to show.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Seconds, sent as Retry-After (a dependency down: 503). */
    readonly retryAfter?: number,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new HttpError(400, 'BAD_REQUEST', message, fieldErrors)
export const unauthorized = (message = 'Non authentifié') => new HttpError(401, 'UNAUTHORIZED', message)
export const forbidden = (message = 'Accès non autorisé', code: ErrorCode = 'FORBIDDEN') =>
  new HttpError(403, code, message)
export const notFound = (message = 'Ressource introuvable.') => new HttpError(404, 'NOT_FOUND', message)
/** The record a handler just wrote or checked, or 404 if it is gone meanwhile. */
export function mustExist<T>(value: T | null | undefined, message?: string): T {
  if (value === null || value === undefined) throw notFound(message)
  return value
}
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new HttpError(409, code, message)
/** A dependency (a payment provider) is down or slow: nothing was changed, try again later. */
export const serviceUnavailable = (message: string, retryAfter = 30) =>
  new HttpError(503, 'SERVICE_UNAVAILABLE', message, undefined, retryAfter)
export const tooManyRequests = (message = 'Trop de requêtes. Veuillez réessayer plus tard.') =>
  new HttpError(429, 'TOO_MANY_REQUESTS', message)

export type ErrorBody = {
  error: string
  code: ErrorCode
  fieldErrors?: Record<string, string[]>
  message?: string
}

/** PostgreSQL unique violation (23505), whichever driver raised it. */
export function isUniqueViolation(e: unknown): boolean {
  let cur: unknown = e
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    if ((cur as { code?: unknown }).code === '23505') return true
    cur = (cur as { cause?: unknown }).cause
  }
  return false
}
