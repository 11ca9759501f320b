import { Navigation } from 'lucide-react'
import { mapPointHref } from '@/shared/contact-links'
import { cn } from './ui/cn'

type WithPoint = { deliveryLatitude: number | null; deliveryLongitude: number | null }

/** The order's map point as a maps link (docs/rules/people.md#delivery-addresses), or null. */
export const mapPointOf = (o: WithPoint) =>
  o.deliveryLatitude != null && o.deliveryLongitude != null
    ? {
        href: mapPointHref(o.deliveryLatitude, o.deliveryLongitude),
        text: `${o.deliveryLatitude}, ${o.deliveryLongitude}`,
      }
    : null

/**
 * "Point sur la carte": the spot the client took from its phone's location, opened in the
 * phone's maps; nothing when the order has none.
 */
export function MapPointLink({ order, className }: { order: WithPoint; className?: string }) {
  const point = mapPointOf(order)
  if (!point) return null
  return (
    <a
      href={point.href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="map-point-link"
      className={cn('inline-flex items-center gap-1.5 font-medium text-brand hover:underline', className)}
    >
      <Navigation className="h-4 w-4 shrink-0" aria-hidden />
      Point sur la carte ({point.text})
    </a>
  )
}
