import { describe, expect, it } from 'vitest'
import { orderStatusBadge, paymentStatusBadge } from '../../src/shared/domain/order-status'
import { backRouteFor, creatableRoles, homeRouteFor, roleLabel, roles } from '../../src/shared/domain/roles'
import { formatCount, formatMoney, formatQuantity } from '../../src/shared/format'

describe('role home routes (docs/rules/people.md#pages-and-homes)', () => {
  it.each([
    ['root', '/root/dashboard'],
    ['super_admin', '/admin/dashboard'],
    ['admin', '/admin/orders-only'],
    ['delivery_driver', '/delivery/dashboard'],
    ['client', '/dashboard'],
    ['user', '/dashboard'],
    ['hacker', '/'],
    [null, '/'],
  ])('%s → %s', (role, route) => expect(homeRouteFor(role)).toBe(route))
})

describe('back-button routes (docs/rules/people.md#pages-and-homes)', () => {
  it.each([
    ['root', '/admin/products', '/root/dashboard'],
    ['root', '/root/dashboard', '/dashboard'],
    ['super_admin', '/admin/zones', '/admin/dashboard'],
    ['admin', '/admin/orders/3', '/admin/orders-only'],
    ['client', '/orders', '/dashboard'],
    ['user', '/orders', '/dashboard'],
    ['delivery_driver', '/x', '/delivery/dashboard'],
    [undefined, '/x', '/'],
  ])('%s on %s → %s', (role, path, route) => expect(backRouteFor(role, path)).toBe(route))
})

describe('labels and badges', () => {
  it('labels the six roles in French, unknown as Inconnu', () => {
    expect(roles.map(roleLabel)).toEqual(['Root', 'Super Admin', 'Admin', 'Livreur', 'Client', 'Utilisateur'])
    expect(roleLabel('x')).toBe('Inconnu')
  })

  it('gives order statuses their labels and badges; missing is pending, unknown is Inconnu', () => {
    expect(orderStatusBadge('pending')).toEqual({ label: 'En attente', variant: 'warning' })
    expect(orderStatusBadge('in_preparation')).toEqual({ label: 'En préparation', variant: 'default' })
    expect(orderStatusBadge('in_delivery')).toEqual({ label: 'En livraison', variant: 'secondary' })
    expect(orderStatusBadge('delivered')).toEqual({ label: 'Livrée', variant: 'success' })
    expect(orderStatusBadge('cancelled')).toEqual({ label: 'Annulée', variant: 'destructive' })
    expect(orderStatusBadge(undefined)).toEqual({ label: 'En attente', variant: 'warning' })
    expect(orderStatusBadge('lost')).toEqual({ label: 'Inconnu', variant: 'outline' })
  })

  it('labels payment statuses', () => {
    expect(['paid', 'pending', 'failed', 'refunded'].map((s) => paymentStatusBadge(s).label)).toEqual([
      'Payé',
      'En attente',
      'Échoué',
      'Remboursé',
    ])
  })

  it('lets each creator give only the roles docs/rules/people.md#who-may-do-what allows', () => {
    expect(creatableRoles.root).not.toContain('user')
    expect(creatableRoles.super_admin).toEqual(['admin', 'delivery_driver'])
    expect(creatableRoles.admin).toEqual(['delivery_driver', 'client'])
    expect(creatableRoles.client).toEqual([])
  })
})

describe('formats (fr-FR)', () => {
  const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ')
  it('formats francs with no decimals', () => expect(nbsp(formatMoney(12500))).toBe('12 500 F CFA'))
  it('formats quantities with their unit', () => {
    expect(formatQuantity(1.5, 'kg')).toBe('1,5 kg')
    expect(formatQuantity(2, 'unit')).toBe('2 unités')
    expect(formatQuantity(1, 'unit')).toBe('1 unité')
  })
  it('shows a capped count as 10 000+', () => expect(nbsp(formatCount(10_000))).toBe('10 000+'))
})
