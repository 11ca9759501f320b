import type { Role } from '@/shared/domain/roles'

export type NavEntry = { to: string; label: string; roles: readonly Role[] }

/**
 * The staff menu: exactly the pages each role may open (DECISIONS.md "Routes, guards and
 * homes"). Each issue adds the entries of the pages it builds, in this order.
 */
export const staffNav: NavEntry[] = [
  // issue 5 (root and super_admin: after products; admin: first)
  { to: '/admin/orders', label: 'Commandes', roles: ['root', 'super_admin'] },
  { to: '/admin/orders-only', label: 'Commandes', roles: ['admin'] },
]

export const navFor = (role: Role) => staffNav.filter((e) => e.roles.includes(role))
