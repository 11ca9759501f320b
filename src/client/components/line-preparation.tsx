import { linePreparationText } from '@/shared/domain/preparations'
import type { UnitType } from '@/shared/domain/units'
import { cn } from '@/client/components/ui/cn'

/**
 * A line's preparation as the order keeps it (docs/rules/orders.md#preparations): "Préparation :
 * Découpé en morceaux (+300 F CFA/kg)"; nothing for a line without one.
 */
export function LinePreparation({
  item,
  className,
}: {
  item: { preparationName: string | null; preparationPrice: number; unitType: UnitType }
  className?: string
}) {
  const text = linePreparationText(item)
  if (!text) return null
  return (
    <span className={cn('block text-sm text-stone-700', className)} data-testid="line-preparation">
      Préparation : <span className="font-semibold">{text}</span>
    </span>
  )
}
