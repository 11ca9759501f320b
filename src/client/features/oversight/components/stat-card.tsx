import type { LucideIcon } from 'lucide-react'
import { Card } from '@/client/components/ui/card'
import { Skeleton } from '@/client/components/ui/skeleton'

/** One figure of a dashboard summary; a skeleton while it loads. */
export function StatCard({
  label,
  value,
  icon: Icon,
}: {
  label: string
  value: string | null
  icon: LucideIcon
}) {
  return (
    <Card className="flex items-center gap-4 p-4" data-stat={label}>
      <span className="grid h-10 w-10 shrink-0 place-items-center rounded-md bg-brand-light text-brand">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-stone-600">{label}</p>
        {value === null ? (
          <Skeleton className="mt-1 h-7 w-24" />
        ) : (
          <p className="text-2xl font-bold text-stone-900 tabular-nums">{value}</p>
        )}
      </div>
    </Card>
  )
}
