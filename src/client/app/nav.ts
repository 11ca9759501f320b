import type { Role } from '@/shared/domain/roles'

export type NavEntry = { to: string; label: string; roles: readonly Role[] }

/**
 * The staff menu: exactly the pages each role may open (DECISIONS.md "Routes, guards and
 * homes"). Each issue adds the entries of the pages it builds, in this order.
 */
export const staffNav: NavEntry[] = [
  // issue 4 (after users, before orders, in the menus' order)
  { to: '/admin/countries', label: 'Pays', roles: ['root'] },
  { to: '/admin/cities', label: 'Villes', roles: ['root', 'super_admin'] },
  { to: '/admin/zones', label: 'Zones', roles: ['root', 'super_admin'] },
  { to: '/admin/products', label: 'Produits', roles: ['root', 'super_admin'] },
  // issue 5 (root and super_admin: after products; admin: first)
  { to: '/admin/orders', label: 'Commandes', roles: ['root', 'super_admin'] },
  { to: '/admin/orders-only', label: 'Commandes', roles: ['admin'] },
  // issue 6: dashboards and users (first in each role's menu), contact messages, create driver
  { to: '/root/dashboard', label: 'Tableau de bord', roles: ['root'] },
  { to: '/admin/dashboard', label: 'Tableau de bord', roles: ['super_admin'] },
  { to: '/root/users', label: 'Utilisateurs', roles: ['root'] },
  { to: '/admin/users', label: 'Utilisateurs', roles: ['super_admin'] },
  { to: '/admin/users-management', label: 'Utilisateurs', roles: ['admin'] },
  { to: '/admin/contact-messages', label: 'Messages de contact', roles: ['root'] },
  { to: '/admin/create-delivery-driver', label: 'Créer un livreur', roles: ['super_admin'] },
]

/** The order of DECISIONS.md's menus, whichever order the entries were added in. */
const menuOrder = [
  '/root/dashboard',
  '/admin/dashboard',
  '/admin/orders-only',
  '/root/users',
  '/admin/users',
  '/admin/users-management',
  '/admin/countries',
  '/admin/cities',
  '/admin/zones',
  '/admin/products',
  '/admin/orders',
  '/admin/contact-messages',
  '/admin/create-delivery-driver',
]
const rank = (to: string) => (menuOrder.indexOf(to) + menuOrder.length + 1) % (menuOrder.length + 1)

export const navFor = (role: Role) =>
  staffNav.filter((e) => e.roles.includes(role)).sort((a, b) => rank(a.to) - rank(b.to))
