import { formatPercent } from '@/shared/format'
import { useDeliveryTerms } from '@/client/lib/delivery-terms'

/**
 * docs/rules/orders.md#weigh-in, said before and after ordering: a kg line is weighed at preparation,
 * the total may move within the shop's tolerance, and beyond it the client is asked. Nothing
 * without a kg line.
 */
export function WeighNote({ countryId, hasKg }: { countryId: number | null; hasKg: boolean }) {
  const terms = useDeliveryTerms(hasKg ? countryId : null)
  if (!hasKg || !terms.data) return null
  const percent = formatPercent(terms.data.weighTolerancePercent)
  return (
    <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="weigh-note">
      La viande au kilo est pesée à la préparation : le total peut varier de {percent} au plus. Au-delà, nous
      vous demandons votre accord avant la livraison.
    </p>
  )
}
