import { describe, expect, it } from 'vitest'
import {
  canCreateRole,
  canEditUser,
  canSetDiscount,
  canToggleUser,
  canViewUser,
  editableRoles,
  type Actor,
} from '../../src/shared/domain/permissions'
import { roles, type Role } from '../../src/shared/domain/roles'

const SN = 1
const ML = 2
const actor = (role: Role, id = 1, countryId = SN): Actor => ({ id, role, countryId })
const target = (role: Role, countryId = SN, id = 99) => ({ id, role, countryId })

describe('permissions (docs/rules/people.md#who-may-do-what)', () => {
  it('creation: root any role but user; super_admin admin and driver; admin driver and client; others nothing', () => {
    const allowed = (r: Role) => roles.filter((x) => canCreateRole(r, x))
    expect(allowed('root')).toEqual(['root', 'super_admin', 'admin', 'delivery_driver', 'client'])
    expect(allowed('super_admin')).toEqual(['admin', 'delivery_driver'])
    expect(allowed('admin')).toEqual(['delivery_driver', 'client'])
    for (const r of ['delivery_driver', 'client', 'user'] as const) expect(allowed(r)).toEqual([])
  })
  it('viewing: admin sees only drivers and clients of its country; super_admin all but roots of its own', () => {
    expect(canViewUser(actor('admin'), target('client'))).toBe(true)
    expect(canViewUser(actor('admin'), target('admin'))).toBe(false)
    expect(canViewUser(actor('admin'), target('client', ML))).toBe(false)
    expect(canViewUser(actor('super_admin'), target('super_admin'))).toBe(true)
    expect(canViewUser(actor('super_admin'), target('root'))).toBe(false)
    expect(canViewUser(actor('root'), target('root', ML))).toBe(true)
  })
  it('editing: root all but other roots; super_admin admin, driver, client of its own country; admin none', () => {
    expect(canEditUser(actor('root'), target('root'))).toBe(false)
    expect(canEditUser(actor('root', 5), target('root', SN, 5))).toBe(true)
    expect(canEditUser(actor('root'), target('super_admin', ML))).toBe(true)
    expect(canEditUser(actor('super_admin'), target('client'))).toBe(true)
    expect(canEditUser(actor('super_admin'), target('client', ML))).toBe(false)
    expect(canEditUser(actor('super_admin'), target('super_admin'))).toBe(false)
    expect(canEditUser(actor('admin'), target('client'))).toBe(false)
  })
  it('edit roles: the creatable ones plus the current one; one’s own role is fixed', () => {
    expect(editableRoles(actor('super_admin'), target('client'))).toEqual([
      'admin',
      'delivery_driver',
      'client',
    ])
    expect(editableRoles(actor('super_admin'), target('admin'))).toEqual(['admin', 'delivery_driver'])
    expect(editableRoles(actor('root', 5), target('root', SN, 5))).toEqual(['root'])
  })
  it('toggling: never oneself; admin drivers and clients of its country', () => {
    expect(canToggleUser(actor('root', 7), target('client', SN, 7))).toBe(false)
    expect(canToggleUser(actor('root'), target('root'))).toBe(false)
    expect(canToggleUser(actor('admin'), target('delivery_driver'))).toBe(true)
    expect(canToggleUser(actor('admin'), target('admin'))).toBe(false)
    expect(canToggleUser(actor('super_admin'), target('admin'))).toBe(true)
    expect(canToggleUser(actor('super_admin'), target('super_admin'))).toBe(false)
  })
  it('discount: root only', () => {
    expect(roles.filter(canSetDiscount)).toEqual(['root'])
  })
})
