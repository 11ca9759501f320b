import { formatSlot, formatSlotDay, placesLeftText } from '@/shared/domain/delivery-slots'
import type { AvailableSlot } from '@/shared/schemas/slots'
import { cn } from '@/client/components/ui/cn'

export type SlotPick = { id: number; date: string }

/**
 * The delivery slot, one radio per slot and day, grouped by day (docs/rules/delivery.md#delivery-slots):
 * "mer. 25 nov., 10:00–12:00" in the country's time, the places left when few; a full slot is
 * shown but cannot be picked.
 */
export function SlotPicker({
  slots,
  timeZone,
  value,
  onChange,
  legend = 'Créneau de livraison',
}: {
  legend?: string
  slots: AvailableSlot[]
  timeZone: string
  value: SlotPick | null
  onChange: (v: SlotPick) => void
}) {
  const days = [...new Set(slots.map((s) => s.date))]
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      {days.map((day) => (
        <div key={day} role="group" aria-label={formatSlotDay(day)} className="space-y-1.5">
          <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{formatSlotDay(day)}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {slots
              .filter((s) => s.date === day)
              .map((s) => {
                const id = `slot-${s.slotId}-${s.date}`
                const full = s.remaining <= 0
                const checked = value?.id === s.slotId && value.date === s.date
                const left = placesLeftText(s.remaining)
                return (
                  <label
                    key={id}
                    htmlFor={id}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm',
                      checked ? 'border-brand bg-brand/5' : 'border-stone-300 bg-white',
                      full && 'cursor-not-allowed bg-stone-100 text-stone-500',
                    )}
                  >
                    <input
                      id={id}
                      type="radio"
                      name="delivery-slot"
                      className="h-4 w-4 accent-brand"
                      checked={checked}
                      disabled={full}
                      onChange={() => onChange({ id: s.slotId, date: s.date })}
                    />
                    <span className="flex-1">{formatSlot(s.startsAt, s.endsAt, timeZone)}</span>
                    {left && (
                      <span className={cn('text-xs', full ? 'text-stone-600' : 'font-medium text-amber-800')}>
                        {left}
                      </span>
                    )}
                  </label>
                )
              })}
          </div>
        </div>
      ))}
    </fieldset>
  )
}
