import { orderSlotText } from '@/shared/domain/delivery-slots'
import type { OrderStatus } from '@/shared/domain/order-status'

type LoadedOrder = {
  status: OrderStatus
  slotStartsAt: Date | null
  slotEndsAt: Date | null
  slotTimeZone: string | null
}

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`

/**
 * A driver's load (docs/rules/delivery.md#assigning-a-driver): every open order assigned to it,
 * how many are in delivery and how many still to leave, and their slots in order, each with its
 * count ("10:00–12:00 ×2").
 */
export function driverLoadText(load: LoadedOrder[]) {
  if (load.length === 0) return { count: 'Aucune commande assignée', slots: [] as string[] }
  const enRoute = load.filter((o) => o.status === 'in_delivery').length
  const preparing = load.filter((o) => o.status === 'in_preparation').length
  const waiting = load.length - enRoute - preparing
  const parts = [
    enRoute > 0 && `${enRoute} en livraison`,
    preparing > 0 && `${preparing} en préparation`,
    waiting > 0 && `${waiting} en attente`,
  ].filter(Boolean)
  const slots = new Map<string, number>()
  for (const o of load) {
    const slot = orderSlotText(o) ?? 'Sans créneau'
    slots.set(slot, (slots.get(slot) ?? 0) + 1)
  }
  return {
    count: `${plural(load.length, 'commande')} ${load.length > 1 ? 'assignées' : 'assignée'} : ${parts.join(', ')}`,
    slots: [...slots].map(([slot, n]) => (n > 1 ? `${slot} ×${n}` : slot)),
  }
}
