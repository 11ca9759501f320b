import type { Role } from '@/shared/domain/roles'
import { homeRouteFor } from '@/shared/domain/roles'

/** The login gates (docs/rules/people.md#accounts): who may sign in at each page, and where each lands. */
export type Gate = { roles: readonly Role[]; refusal: string; destination: (role: Role) => string }

export const gates = {
  client: {
    roles: ['client', 'user'],
    refusal: 'Accès refusé. Seuls les clients sont autorisés.',
    destination: () => '/dashboard',
  },
  delivery: {
    roles: ['delivery_driver'],
    refusal: 'Accès refusé. Seuls les livreurs sont autorisés.',
    destination: () => '/dashboard',
  },
  employee: {
    roles: ['root', 'super_admin', 'admin', 'delivery_driver'],
    refusal: 'Accès refusé. Seuls les employés sont autorisés.',
    destination: homeRouteFor,
  },
  admin: {
    roles: ['admin', 'super_admin'],
    refusal: 'Accès refusé. Seuls les administrateurs sont autorisés.',
    destination: homeRouteFor,
  },
} satisfies Record<string, Gate>

/** Only a path of this site may be a redirect target. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}
