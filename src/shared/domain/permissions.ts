import { creatableRoles, type Role } from './roles'

/**
 * Who may see, create, edit, (de)activate whom (docs/rules/people.md#who-may-do-what). Pure rules,
 * the same for the server (which enforces them) and the UI (which hides what would be refused).
 */
export type Actor = { id: number; role: Role; countryId: number | null }
export type Target = { id: number; role: Role; countryId: number | null }

const sameCountry = (a: Actor, t: Target) => a.countryId != null && a.countryId === t.countryId

/** Roles of the accounts each staff role lists and opens (users list, history). */
export function visibleRoles(role: Role): readonly Role[] {
  switch (role) {
    case 'root':
      return ['root', 'super_admin', 'admin', 'delivery_driver', 'client', 'user']
    case 'super_admin':
      return ['super_admin', 'admin', 'delivery_driver', 'client', 'user']
    case 'admin':
      return ['delivery_driver', 'client']
    default:
      return []
  }
}

/** May the actor see this account at all? Outside this the server answers 404, as absent. */
export function canViewUser(actor: Actor, target: Target): boolean {
  if (!visibleRoles(actor.role).includes(target.role)) return false
  return actor.role === 'root' || sameCountry(actor, target)
}

export function canCreateRole(creator: Role, role: Role): boolean {
  return creatableRoles[creator].includes(role)
}

/** Root picks the new account's country; everyone else creates in its own. */
export const picksAnyCountry = (role: Role) => role === 'root'

export function canEditUser(actor: Actor, target: Target): boolean {
  if (actor.role === 'root') return target.role !== 'root' || target.id === actor.id
  if (actor.role === 'super_admin') {
    return ['admin', 'delivery_driver', 'client'].includes(target.role) && sameCountry(actor, target)
  }
  return false
}

/**
 * The roles an editor may give: those it may create, plus the account's current role (so
 * editing a client does not force a change of role). Nobody changes its own role.
 */
export function editableRoles(actor: Actor, target: Target): readonly Role[] {
  if (actor.id === target.id) return [target.role]
  const roles = creatableRoles[actor.role]
  return roles.includes(target.role) ? roles : [...roles, target.role]
}

export function canToggleUser(actor: Actor, target: Target): boolean {
  if (actor.id === target.id) return false
  if (actor.role === 'root') return target.role !== 'root'
  if (actor.role === 'super_admin') return canEditUser(actor, target)
  if (actor.role === 'admin')
    return ['delivery_driver', 'client'].includes(target.role) && sameCountry(actor, target)
  return false
}

export const canSetDiscount = (role: Role) => role === 'root'
/** The 'Ajouter un Admin' button shows to root and super_admin only. */
export const canCreateAdmin = (role: Role) => canCreateRole(role, 'admin')
export const canCreateDriver = (role: Role) => canCreateRole(role, 'delivery_driver')
