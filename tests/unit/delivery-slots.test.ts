import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatCutoff,
  formatSlot,
  formatSlotDay,
  localDayOf,
  orderSlotText,
  placesLeftText,
} from '../../src/shared/domain/delivery-slots'
import { timeZoneByCountryCode } from '../../src/shared/domain/time-zones'

/* docs/rules/delivery.md#delivery-slots: slots read in the order's country's clocks. */
const plain = (s: string) => s.replace(/\s+/g, ' ')

describe('slot times in the country’s zone', () => {
  it('reads one instant as each country’s clock does: 09:00Z is 09:00 in Dakar, 10:00 in Douala', () => {
    const start = new Date('2026-11-25T09:00:00Z')
    const end = new Date('2026-11-25T11:00:00Z')
    expect(plain(formatSlot(start, end, 'Africa/Dakar'))).toBe('mer. 25 nov., 09:00–11:00')
    expect(plain(formatSlot(start, end, 'Africa/Douala'))).toBe('mer. 25 nov., 10:00–12:00')
    expect(plain(formatSlot(start, end, 'Indian/Antananarivo'))).toBe('mer. 25 nov., 12:00–14:00')
  })

  it('puts an instant near midnight on the local day, not the UTC one', () => {
    // 23:30Z on the 25th is 00:30 on the 26th in Douala (UTC+1), still the 25th in Dakar.
    expect(localDayOf('2026-11-25T23:30:00Z', 'Africa/Douala')).toBe('2026-11-26')
    expect(localDayOf('2026-11-25T23:30:00Z', 'Africa/Dakar')).toBe('2026-11-25')
  })

  it('names every day as itself, whatever the instant’s zone (property)', () => {
    const zones = Object.values(timeZoneByCountryCode)
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (instant, tz) => {
          const day = localDayOf(instant, tz)
          // The local day's label is the label the instant gets in its zone.
          expect(formatSlot(instant, instant, tz).startsWith(formatSlotDay(day))).toBe(true)
        },
      ),
    )
  })

  it('says an order without a slot has none, and how few places are left', () => {
    expect(orderSlotText({ slotStartsAt: null, slotEndsAt: null, slotTimeZone: null })).toBeNull()
    expect(placesLeftText(0)).toBe('Complet')
    expect(placesLeftText(1)).toBe('Plus qu’une place')
    expect(placesLeftText(3)).toBe('Plus que 3 places')
    expect(placesLeftText(4)).toBeNull()
    expect(formatCutoff(120)).toBe('2 h')
    expect(formatCutoff(90)).toBe('1 h 30')
    expect(formatCutoff(45)).toBe('45 min')
  })
})
