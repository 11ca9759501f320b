import { cn } from './cn'

/**
 * A grey block standing for content that is loading. It pulses on its own unless `still`: a
 * group of skeletons pulses as one (its container has `animate-pulse`), since every running
 * animation costs the browser work at each frame and at its start (80 of them cost a phone a
 * long task on the storefront's first paint, docs/decisions/0012).
 */
export function Skeleton({ className, still = false }: { className?: string; still?: boolean }) {
  return <div aria-hidden className={cn(!still && 'animate-pulse', 'rounded-md bg-stone-200', className)} />
}

/** n skeleton rows for a table or list while it loads. */
export function SkeletonRows({ count, className }: { count: number; className?: string }) {
  return (
    <div role="status" aria-label="Chargement…" className="animate-pulse space-y-2">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} still className={cn('h-12 w-full', className)} />
      ))}
    </div>
  )
}
