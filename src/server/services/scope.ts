import type { SessionUser } from '@/shared/schemas/auth'
import { notFound } from '../http/errors'

/**
 * The country a staff member acts on: root acts on all (null), everyone else on its own.
 * A staff member without a country reaches nothing.
 */
export function scopeCountryId(user: SessionUser): number | null {
  if (user.role === 'root') return null
  if (user.countryId == null) throw notFound()
  return user.countryId
}

/** A record outside the caller's country answers 404, as if absent (docs/rules/people.md#who-may-do-what). */
export function assertInScope(user: SessionUser, countryId: number | null | undefined, message?: string) {
  const scope = scopeCountryId(user)
  if (scope !== null && scope !== countryId) throw notFound(message)
}
