import type { Role } from '@/shared/domain/roles'

type NavEntry = { to: string; label: string; roles: readonly Role[] }

/**
 * The staff menu, in its order: exactly the pages each role may open (docs/rules.md "Who may do
 * what"). Root: dashboard, users, countries, cities, zones, products, orders, contact messages;
 * super_admin: dashboard, users, cities, zones, products, orders, create a driver; admin:
 * orders, users; all three the drivers' cash (docs/rules.md#drivers-cash).
 */
const staffNav: NavEntry[] = [
  { to: '/root/dashboard', label: 'Tableau de bord', roles: ['root'] },
  { to: '/admin/dashboard', label: 'Tableau de bord', roles: ['super_admin'] },
  { to: '/admin/orders-only', label: 'Commandes', roles: ['admin'] },
  { to: '/root/users', label: 'Utilisateurs', roles: ['root'] },
  { to: '/admin/users', label: 'Utilisateurs', roles: ['super_admin'] },
  { to: '/admin/users-management', label: 'Utilisateurs', roles: ['admin'] },
  { to: '/admin/countries', label: 'Pays', roles: ['root'] },
  { to: '/admin/cities', label: 'Villes', roles: ['root', 'super_admin'] },
  { to: '/admin/zones', label: 'Zones', roles: ['root', 'super_admin'] },
  { to: '/admin/products', label: 'Produits', roles: ['root', 'super_admin'] },
  { to: '/admin/orders', label: 'Commandes', roles: ['root', 'super_admin'] },
  { to: '/admin/cash', label: 'Caisse des livreurs', roles: ['root', 'super_admin', 'admin'] },
  { to: '/admin/contact-messages', label: 'Messages de contact', roles: ['root'] },
  { to: '/admin/create-delivery-driver', label: 'Créer un livreur', roles: ['super_admin'] },
]

export const navFor = (role: Role) => staffNav.filter((e) => e.roles.includes(role))
