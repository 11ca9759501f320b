/**
 * Delivery slots (docs/rules/delivery.md#delivery-slots): windows of local time in the country's time
 * zone. The server computes every instant in SQL (`(day + time) at time zone tz`); this file
 * only shows them, through Intl's own time zone support.
 */

/** How many days the checkout offers, today included. */
export const SLOT_DAYS_OFFERED = 3
/** From this many places left or fewer, the checkout says how many. */
export const FEW_PLACES_LEFT = 3

export const SLOT_FULL_MESSAGE = 'Ce créneau est complet. Choisissez-en un autre.'
export const SLOT_CLOSED_MESSAGE = 'Ce créneau n’est plus disponible. Choisissez-en un autre.'
export const SLOT_REQUIRED_MESSAGE = 'Choisissez un créneau de livraison.'
export const SLOT_REACTIVATE_FULL_MESSAGE =
  'Le créneau de cette commande est complet : impossible de la réactiver.'

const partsCache = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>()
function formats(timeZone: string) {
  let f = partsCache.get(timeZone)
  if (!f) {
    f = {
      day: new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', month: 'short', timeZone }),
      time: new Intl.DateTimeFormat('fr-FR', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
    }
    partsCache.set(timeZone, f)
  }
  return f
}

/** "mer. 25 nov., 10:00–12:00": a slot as its country's clocks read it. */
export function formatSlot(startsAt: Date | string, endsAt: Date | string, timeZone: string): string {
  const f = formats(timeZone)
  return `${f.day.format(new Date(startsAt))}, ${f.time.format(new Date(startsAt))}–${f.time.format(new Date(endsAt))}`
}

/** "10:00–12:00", a slot's window of local times as stored ('10:00:00' or '10:00'). */
export const formatSlotWindow = (startsAt: string, endsAt: string) =>
  `${startsAt.slice(0, 5)}–${endsAt.slice(0, 5)}`

/** "mer. 25 nov.", a local day ('2026-11-25'), the day itself, whatever the zone. */
export function formatSlotDay(day: string): string {
  return formats('UTC').day.format(new Date(`${day}T12:00:00Z`))
}

/** The local day ('2026-11-25') of an instant in the zone. */
export function localDayOf(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant))
}

/** "2 h", "1 h 30", "45 min": how long before its start a slot closes. */
export function formatCutoff(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`
}

/** "Plus que 2 places", "Complet", or nothing when there are enough. */
export function placesLeftText(remaining: number): string | null {
  if (remaining <= 0) return 'Complet'
  if (remaining > FEW_PLACES_LEFT) return null
  return remaining === 1 ? 'Plus qu’une place' : `Plus que ${remaining} places`
}

/** An order's slot as its country reads it, or null for an order without one. */
export function orderSlotText(o: {
  slotStartsAt: Date | string | null
  slotEndsAt: Date | string | null
  slotTimeZone: string | null
}): string | null {
  if (!o.slotStartsAt || !o.slotEndsAt || !o.slotTimeZone) return null
  return formatSlot(o.slotStartsAt, o.slotEndsAt, o.slotTimeZone)
}
