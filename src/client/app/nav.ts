import type { Role } from '@/shared/domain/roles'

export type NavEntry = { to: string; label: string; roles: readonly Role[] }

/**
 * The staff menu: exactly the pages each role may open (DECISIONS.md "Routes, guards and
 * homes"). Each issue adds the entries of the pages it builds, in this order.
 */
export const staffNav: NavEntry[] = [
  // issue 6: dashboards and users (first in each role's menu), contact messages, create driver
  { to: '/root/dashboard', label: 'Tableau de bord', roles: ['root'] },
  { to: '/admin/dashboard', label: 'Tableau de bord', roles: ['super_admin'] },
  { to: '/root/users', label: 'Utilisateurs', roles: ['root'] },
  { to: '/admin/users', label: 'Utilisateurs', roles: ['super_admin'] },
  { to: '/admin/users-management', label: 'Utilisateurs', roles: ['admin'] },
  { to: '/admin/contact-messages', label: 'Messages de contact', roles: ['root'] },
  { to: '/admin/create-delivery-driver', label: 'Créer un livreur', roles: ['super_admin'] },
]

export const navFor = (role: Role) => staffNav.filter((e) => e.roles.includes(role))
