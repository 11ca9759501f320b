import { localDayOf } from './delivery-slots'

/**
 * The driver's stops of the day (docs/rules/delivery.md#the-drivers-round): its orders in delivery
 * whose slot is today or earlier in the slot's time zone, or without a slot, in slot order (those
 * without a slot last, each group by order number). Later days' orders are not in the round.
 */
export function stopsOfTheDay<
  T extends { id: number; slotStartsAt: Date | string | null; slotTimeZone: string | null },
>(orders: readonly T[], now: Date = new Date()): T[] {
  const today = (o: T) =>
    o.slotStartsAt == null || o.slotTimeZone == null
      ? true
      : localDayOf(o.slotStartsAt, o.slotTimeZone) <= localDayOf(now, o.slotTimeZone)
  const at = (o: T) => (o.slotStartsAt == null ? Infinity : new Date(o.slotStartsAt).getTime())
  return orders.filter(today).sort((a, b) => at(a) - at(b) || a.id - b.id)
}

/** The most stops one maps link takes: Google Maps URLs take 9 waypoints and the destination. */
export const MAX_ROUTE_STOPS = 10

/**
 * One maps link for the round: directions from where the phone is to each stop in turn (Google
 * Maps URLs, `api=1`: the last stop is the destination, the others waypoints), by car. The first
 * MAX_ROUTE_STOPS stops; null without any.
 */
export function routeHref(addresses: readonly string[]): string | null {
  // '|' separates waypoints: an address holding one would be cut in two.
  const stops = addresses.slice(0, MAX_ROUTE_STOPS).map((a) => a.replace(/\s*\|\s*/g, ' '))
  if (stops.length === 0) return null
  const params = new URLSearchParams({
    api: '1',
    destination: stops[stops.length - 1]!,
    travelmode: 'driving',
  })
  if (stops.length > 1) params.set('waypoints', stops.slice(0, -1).join('|'))
  return `https://www.google.com/maps/dir/?${params.toString()}`
}
