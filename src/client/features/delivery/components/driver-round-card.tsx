import { Navigation } from 'lucide-react'
import { MAX_ROUTE_STOPS, routeHref, stopsOfTheDay } from '@/shared/domain/delivery-route'
import { orderSlotText } from '@/shared/domain/delivery-slots'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent } from '@/client/components/ui/card'
import type { OrderView } from '@/client/lib/order-view'

/** Where a stop is, as the maps read it (the card's address, with the country). */
export const stopPlace = (o: OrderView) =>
  `${o.deliveryAddress}, ${o.zoneName}, ${o.cityName}, ${o.deliveryCountry}`

/**
 * The driver's round (docs/rules/delivery.md#the-drivers-round): its stops of the day in slot order,
 * and one maps link that goes to each in turn.
 */
export function DriverRoundCard({ orders }: { orders: OrderView[] }) {
  const stops = stopsOfTheDay(orders)
  if (stops.length === 0) return null
  const href = routeHref(stops.map(stopPlace))
  return (
    <Card data-testid="driver-round">
      <CardContent className="space-y-3 pt-4 sm:pt-5">
        <ol className="space-y-2 text-sm">
          {stops.map((o, i) => (
            <li key={o.id} className="flex gap-3">
              <span
                className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand text-xs font-bold text-white"
                aria-hidden
              >
                {i + 1}
              </span>
              <span className="min-w-0">
                <span className="font-semibold text-stone-900">
                  {orderSlotText(o) ?? 'Sans créneau'} · #{o.id} · {o.customerName}
                </span>
                <span className="block break-words text-stone-600">{stopPlace(o)}</span>
              </span>
            </li>
          ))}
        </ol>
        {href && (
          <Button asChild className="w-full sm:w-auto">
            <a href={href} target="_blank" rel="noopener noreferrer" data-testid="route-link">
              <Navigation className="h-4 w-4" aria-hidden />
              Itinéraire de la tournée ({Math.min(stops.length, MAX_ROUTE_STOPS)} arrêt
              {stops.length > 1 ? 's' : ''})
            </a>
          </Button>
        )}
        {stops.length > MAX_ROUTE_STOPS && (
          <p className="text-xs text-stone-500">
            L’itinéraire prend les {MAX_ROUTE_STOPS} premiers arrêts ; ouvrez les suivants depuis leur carte.
          </p>
        )}
      </CardContent>
    </Card>
  )
}
