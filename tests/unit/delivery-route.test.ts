import { describe, expect, it } from 'vitest'
import { routeHref, stopsOfTheDay } from '../../src/shared/domain/delivery-route'

/** The driver's round (docs/rules/delivery.md#the-drivers-round). */
describe('stopsOfTheDay', () => {
  const now = new Date('2026-11-26T09:00:00Z')
  const at = (id: number, start: string | null, tz: string | null = 'Africa/Dakar') => ({
    id,
    slotStartsAt: start ? new Date(start) : null,
    slotTimeZone: start ? tz : null,
  })
  it('keeps today’s and earlier slots and those without one, in slot order, the slotless last', () => {
    const orders = [
      at(1, null),
      at(2, '2026-11-26T14:00:00Z'),
      at(3, '2026-11-27T08:00:00Z'),
      at(4, '2026-11-26T10:00:00Z'),
      at(5, '2026-11-25T16:00:00Z'),
      at(6, '2026-11-26T10:00:00Z'),
    ]
    expect(stopsOfTheDay(orders, now).map((o) => o.id)).toEqual([5, 4, 6, 2, 1])
  })
  it('reads the day in the slot’s time zone (23:30 UTC is the next day in Douala)', () => {
    const late = at(7, '2026-11-26T23:30:00Z', 'Africa/Douala')
    expect(stopsOfTheDay([late], now)).toEqual([])
    expect(stopsOfTheDay([late], new Date('2026-11-27T00:30:00Z'))).toEqual([late])
  })
})

describe('routeHref', () => {
  it('goes to each stop in turn: the last is the destination, the others waypoints', () => {
    const url = new URL(routeHref(['Rue 1 | Médina, Dakar', 'Rue 2, Dakar', 'Villa 3 | Sicap, Dakar'])!)
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/')
    expect(url.searchParams.get('api')).toBe('1')
    // '|' separates waypoints: an address's own becomes a space.
    expect(url.searchParams.get('destination')).toBe('Villa 3 Sicap, Dakar')
    expect(url.searchParams.get('waypoints')).toBe('Rue 1 Médina, Dakar|Rue 2, Dakar')
    expect(url.searchParams.get('travelmode')).toBe('driving')
  })
  it('one stop has no waypoints; none has no link; more than 10 keeps the first 10', () => {
    expect(new URL(routeHref(['Rue 1'])!).searchParams.has('waypoints')).toBe(false)
    expect(routeHref([])).toBeNull()
    const many = Array.from({ length: 14 }, (_, i) => `Rue ${i + 1}`)
    const url = new URL(routeHref(many)!)
    expect(url.searchParams.get('destination')).toBe('Rue 10')
    expect(url.searchParams.get('waypoints')!.split('|')).toHaveLength(9)
  })
})
