export const roles = ['root', 'super_admin', 'admin', 'delivery_driver', 'client', 'user'] as const
export type Role = (typeof roles)[number]

export const roleLabels: Record<Role, string> = {
  root: 'Root',
  super_admin: 'Super Admin',
  admin: 'Admin',
  delivery_driver: 'Livreur',
  client: 'Client',
  user: 'Utilisateur',
}

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'success' | 'warning'

export const roleBadgeVariants: Record<Role, BadgeVariant> = {
  root: 'destructive',
  super_admin: 'default',
  admin: 'secondary',
  delivery_driver: 'warning',
  client: 'outline',
  user: 'outline',
}

const staffRoles = ['root', 'super_admin', 'admin'] as const satisfies readonly Role[]
const shopperRoles = ['client', 'user'] as const satisfies readonly Role[]

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value)
}
export const isStaff = (role: string | null | undefined) =>
  (staffRoles as readonly string[]).includes(role ?? '')
export const isShopper = (role: string | null | undefined) =>
  (shopperRoles as readonly string[]).includes(role ?? '')

export function roleLabel(role: string | null | undefined): string {
  return isRole(role) ? roleLabels[role] : 'Inconnu'
}

/** Where each role lands after signing in (the admin's is its orders list). */
export function homeRouteFor(role: string | null | undefined): string {
  switch (role) {
    case 'root':
      return '/root/dashboard'
    case 'super_admin':
      return '/admin/dashboard'
    case 'admin':
      return '/admin/orders-only'
    case 'delivery_driver':
      return '/delivery/dashboard'
    case 'client':
    case 'user':
      return '/dashboard'
    default:
      return '/'
  }
}

/** Where the back button of a page header leads. */
export function backRouteFor(role: string | null | undefined, currentPath = ''): string {
  switch (role) {
    case 'root':
      return currentPath === '/root/dashboard' ? '/dashboard' : '/root/dashboard'
    case 'super_admin':
      return '/admin/dashboard'
    case 'admin':
      return '/admin/orders-only'
    case 'client':
    case 'user':
      return '/dashboard'
    case 'delivery_driver':
      return '/delivery/dashboard'
    default:
      return '/'
  }
}

/** Which roles each creator may give (docs/rules/people.md#who-may-do-what). */
export const creatableRoles: Record<Role, readonly Role[]> = {
  root: ['root', 'super_admin', 'admin', 'delivery_driver', 'client'],
  super_admin: ['admin', 'delivery_driver'],
  admin: ['delivery_driver', 'client'],
  delivery_driver: [],
  client: [],
  user: [],
}
