import type { z } from '@/shared/schemas/zod'
import { paymentProviderLabels } from '@/shared/domain/payments'
import type { providerFaultView } from '@/shared/schemas/payments'
import { formatDateTime } from '@/shared/format'
import { Alert } from './ui/alert'
import { cn } from './ui/cn'

type Fault = z.infer<typeof providerFaultView>

/**
 * The providers that refused the shop's key (docs/rules/money.md#payments): one alert each, at the
 * top of the staff order page's payment card and of /admin/payments, until the key is mended.
 */
export function PaymentFaults({ faults, className }: { faults: readonly Fault[]; className?: string }) {
  if (faults.length === 0) return null
  return (
    <div className={cn('space-y-2', className)} data-testid="payment-faults">
      {faults.map((f) => (
        <Alert
          key={`${f.provider}-${f.countryCode ?? ''}`}
          title={`${paymentProviderLabels[f.provider]} : clé refusée`}
        >
          <p>{f.message}</p>
          <p className="text-xs opacity-80">
            {f.firstAt.getTime() === f.lastAt.getTime()
              ? `Le ${formatDateTime(f.lastAt)}.`
              : `Depuis le ${formatDateTime(f.firstAt)}, encore le ${formatDateTime(f.lastAt)}.`}
          </p>
        </Alert>
      ))}
    </div>
  )
}
