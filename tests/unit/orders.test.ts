import { describe, expect, it } from 'vitest'
import { describeOrderEvent } from '../../src/client/features/admin-orders/lib/order-event-text'
import {
  adminOrdersQuery,
  assignDriverInput,
  confirmDeliveryInput,
  updateOrderStatusInput,
} from '../../src/shared/schemas/orders'

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message

describe('order schemas', () => {
  it('defaults the admin list to page 1 and 15 per page, and caps the page size at 100', () => {
    expect(adminOrdersQuery.parse({})).toEqual({ page: 1, limit: 15 })
    expect(adminOrdersQuery.parse({ page: '2', limit: '100', cityId: '3' })).toMatchObject({
      page: 2,
      limit: 100,
      cityId: 3,
    })
    expect(firstError(adminOrdersQuery.safeParse({ limit: '101' }))).toBe(
      'La limite ne peut pas dépasser 100.',
    )
    expect(firstError(adminOrdersQuery.safeParse({ page: '0' }))).toBe('La page doit être au moins 1.')
  })

  it('asks for a driver in French, and for a valid order id', () => {
    expect(firstError(assignDriverInput.safeParse({ orderId: 1 }))).toBe('Veuillez sélectionner un livreur')
    expect(firstError(assignDriverInput.safeParse({ driverId: 1 }))).toBe(
      'ID de commande manquant ou invalide.',
    )
    expect(firstError(confirmDeliveryInput.safeParse({ orderId: -3 }))).toBe(
      'ID de commande manquant ou invalide.',
    )
    expect(firstError(updateOrderStatusInput.safeParse({ orderId: 1, status: 'paid' }))).toBe(
      'Statut de commande invalide.',
    )
    expect(updateOrderStatusInput.safeParse({ orderId: 1, status: 'delivered', extra: 1 }).success).toBe(
      false,
    )
  })
})

describe('order history lines', () => {
  it.each([
    [{ type: 'created', fromValue: null, toValue: 'pending' }, 'Commande passée'],
    [
      { type: 'status', fromValue: 'pending', toValue: 'in_preparation' },
      'Statut : En attente → En préparation',
    ],
    [{ type: 'payment', fromValue: 'paid', toValue: 'refunded' }, 'Paiement : Payé → Remboursé'],
    [{ type: 'driver', fromValue: null, toValue: 'Ibrahima Fall' }, 'Livreur assigné : Ibrahima Fall'],
    [{ type: 'driver', fromValue: 'Awa Ka', toValue: 'Ibrahima Fall' }, 'Livreur : Awa Ka → Ibrahima Fall'],
  ] as const)('%o reads %s', (event, text) => {
    expect(describeOrderEvent(event)).toBe(text)
  })
})
