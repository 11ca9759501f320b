import { cn } from './cn'

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-stone-200', className)} />
}

/** n skeleton rows for a table or list while it loads. */
export function SkeletonRows({ count, className }: { count: number; className?: string }) {
  return (
    <div role="status" aria-label="Chargement…" className="space-y-2">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={cn('h-12 w-full', className)} />
      ))}
    </div>
  )
}
