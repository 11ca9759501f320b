import { describe, expect, it } from 'vitest'
import { driverLoadText } from '../../src/client/features/admin-orders/lib/driver-load'

const order = (status: 'pending' | 'in_preparation' | 'in_delivery', start?: string, end?: string) => ({
  status,
  slotStartsAt: start ? new Date(start) : null,
  slotEndsAt: end ? new Date(end) : null,
  slotTimeZone: start ? 'Africa/Dakar' : null,
})

describe('driverLoadText (docs/rules/delivery.md#assigning-a-driver)', () => {
  it('counts every open order assigned, not only those in delivery', () => {
    expect(driverLoadText([order('in_preparation'), order('pending')])).toEqual({
      count: '2 commandes assignées : 1 en préparation, 1 en attente',
      slots: ['Sans créneau ×2'],
    })
    expect(driverLoadText([order('in_delivery')]).count).toBe('1 commande assignée : 1 en livraison')
  })

  it('lists the slots in order with their count, and says when the driver is free', () => {
    const load = driverLoadText([
      order('in_delivery', '2026-11-26T10:00:00Z', '2026-11-26T12:00:00Z'),
      order('in_preparation', '2026-11-26T10:00:00Z', '2026-11-26T12:00:00Z'),
      order('in_delivery'),
    ])
    expect(load.count).toBe('3 commandes assignées : 2 en livraison, 1 en préparation')
    expect(load.slots).toHaveLength(2)
    expect(load.slots[0]).toMatch(/10:00–12:00 ×2$/)
    expect(load.slots[1]).toBe('Sans créneau')
    expect(driverLoadText([])).toEqual({ count: 'Aucune commande assignée', slots: [] })
  })
})
