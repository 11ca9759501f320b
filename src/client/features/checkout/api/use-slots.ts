import { useQuery } from '@tanstack/react-query'
import { queryOptionsFor } from '@/client/lib/queries'

/**
 * The slots a client may pick in the city (docs/rules/delivery.md#delivery-slots), fresh each time the
 * cart shows them: the places left change with every order.
 */
export function useAvailableSlots(cityId: number | null, enabled: boolean, shopId: number | null = null) {
  return useQuery({
    // docs/rules/pickup.md#collection-slots: a shop's slots for a pickup.
    ...queryOptionsFor(
      '/_api/orders/slots',
      shopId === null ? { cityId: cityId! } : { cityId: cityId!, shopId },
    ),
    enabled: enabled && cityId !== null,
    staleTime: 0,
  })
}

/**
 * The slot the order takes: the one the client picked while it has places, else the first with
 * places; null where the city has no slots (it takes orders without one).
 */
export function slotChoiceOf(
  offered: readonly { slotId: number; date: string; remaining: number }[],
  picked: { id: number; date: string } | null,
) {
  const slot =
    offered.find((s) => s.slotId === picked?.id && s.date === picked.date && s.remaining > 0) ??
    offered.find((s) => s.remaining > 0)
  return slot ? { id: slot.slotId, date: slot.date } : null
}
