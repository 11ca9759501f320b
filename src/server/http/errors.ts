/** A failure the client may see: status, stable code, French message safe to show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new HttpError(400, 'BAD_REQUEST', message, fieldErrors)
export const unauthorized = (message = 'Non authentifié') => new HttpError(401, 'UNAUTHORIZED', message)
export const forbidden = (message = 'Accès non autorisé') => new HttpError(403, 'FORBIDDEN', message)
export const notFound = (message = 'Ressource introuvable.') => new HttpError(404, 'NOT_FOUND', message)
/** The record a handler just wrote or checked, or 404 if it is gone meanwhile. */
export function mustExist<T>(value: T | null | undefined, message?: string): T {
  if (value === null || value === undefined) throw notFound(message)
  return value
}
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message)
export const tooManyRequests = (message = 'Trop de requêtes. Veuillez réessayer plus tard.') =>
  new HttpError(429, 'TOO_MANY_REQUESTS', message)

export type ErrorBody = {
  error: string
  code: string
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
