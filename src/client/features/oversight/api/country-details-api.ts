import { toast } from '@/client/lib/toast'
import { errorMessage } from '@/client/lib/api'

// The country-details tabs read the back-office lists through the hooks the orders,
// catalogue and places screens use (lib/staff-orders.ts, staff-products.ts, staff-places.ts).

export const COUNTRY_ORDERS_PAGE = 50

/** What the cities tab says of a city (de)activated (`useUpdateCity` of lib/staff-places). */
export const cityToggleFeedback = {
  onSuccess: ({ city }: { city: { name: string; isActive: boolean } }) =>
    toast.success(`La ville ${city.name} est maintenant ${city.isActive ? 'active' : 'inactive'}.`),
  // The wording for this toggle, kept as written.
  onError: (e: Error) =>
    toast.error('Erreur lors du mise à jour du statut', { description: errorMessage(e) }),
}
