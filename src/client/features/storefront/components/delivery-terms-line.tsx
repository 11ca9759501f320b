import { Truck } from 'lucide-react'
import { deliveryTermsLine } from '@/shared/domain/delivery-terms'
import { useDeliveryTerms } from '@/client/lib/delivery-terms'

/** Under the catalogue's header: what delivery costs in the catalogue's country, before the cart. */
export function DeliveryTermsLine({ countryId }: { countryId: number | null }) {
  const terms = useDeliveryTerms(countryId)
  const line = terms.data ? deliveryTermsLine(terms.data.zones, terms.data.countryName) : null
  if (!line) return null
  return (
    <p className="mt-2 flex items-start gap-2 text-sm text-stone-700" data-testid="delivery-terms">
      <Truck className="text-brand mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{line}</span>
    </p>
  )
}
