import { atAddress } from '@/shared/contact-links'
import { orderSlotText } from '@/shared/domain/delivery-slots'
import type { OrderView } from '@/client/lib/order-view'

/**
 * The French texts prefilled in staff's WhatsApp links about an order (docs/rules/people.md#phones):
 * the order number, the slot and the address, so that the person written to knows at once
 * which delivery it is about.
 */
type OrderPlace = Pick<
  OrderView,
  'id' | 'deliveryAddress' | 'zoneName' | 'cityName' | 'slotStartsAt' | 'slotEndsAt' | 'slotTimeZone'
>

const placeOf = (order: OrderPlace) => {
  const slot = orderSlotText(order)
  return `livraison${slot ? ` ${slot}` : ''} ${atAddress(`${order.deliveryAddress}, ${order.zoneName}, ${order.cityName}`)}`
}

/** To the client, from staff. */
export const messageToClient = (order: OrderPlace, clientName: string) =>
  `Bonjour ${clientName}, ici Étal au sujet de votre commande n° ${order.id} (${placeOf(order)}).`

/** To a driver, from staff: the driver of the order, or one staff is about to assign. */
export const messageToDriver = (order: OrderPlace, driverName: string) =>
  `Bonjour ${driverName}, ici Étal au sujet de la commande n° ${order.id} (${placeOf(order)}).`
