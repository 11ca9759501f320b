import { Beef, Bone, Drumstick, Flame, Ham, Heart, UtensilsCrossed, type LucideIcon } from 'lucide-react'
import { cn } from '@/client/components/ui/cn'

/**
 * What a product without a picture shows: its category's icon on its category's tint (the
 * seeded categories, src/server/seed/reference.ts, by name), a few hundred bytes of SVG, decorative.
 */
const looks: Record<string, { Icon: LucideIcon; tint: string }> = {
  bœuf: { Icon: Beef, tint: 'bg-red-50 text-red-800/60' },
  mouton: { Icon: Ham, tint: 'bg-amber-50 text-amber-800/60' },
  chèvre: { Icon: Bone, tint: 'bg-lime-50 text-lime-800/60' },
  volaille: { Icon: Drumstick, tint: 'bg-orange-50 text-orange-800/60' },
  abats: { Icon: Heart, tint: 'bg-rose-50 text-rose-800/60' },
  grillades: { Icon: Flame, tint: 'bg-yellow-50 text-yellow-800/60' },
}
const other = { Icon: UtensilsCrossed, tint: 'bg-stone-100 text-stone-500' }

export const placeholderLook = (category: string | null | undefined) =>
  (category && looks[category.trim().toLowerCase()]) || other

export function CategoryPlaceholder({
  category,
  className,
}: {
  category: string | null | undefined
  className?: string
}) {
  const { Icon, tint } = placeholderLook(category)
  return (
    <div
      className={cn('grid place-items-center', tint, className)}
      aria-hidden
      data-placeholder={category ?? ''}
    >
      <Icon className="h-1/3 w-1/3" />
    </div>
  )
}
