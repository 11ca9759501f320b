import { paymentMethodLabels } from '@/shared/domain/payments'
import { useWallets } from '../api/use-payments'

export type PaymentChoiceValue = { method: 'cash' | 'mobile_money'; wallet: string | null }

/**
 * The checkout's payment (docs/rules/money.md#payments): "À la livraison (espèces)" or "Mobile money"
 * with one of the wallets the client's country offers; nothing else shows when it offers none.
 */
export function PaymentChoice({
  value,
  onChange,
  cashLabel = paymentMethodLabels.cash,
}: {
  /** docs/rules/pickup.md: paid at the counter for a pickup. */
  cashLabel?: string
  value: PaymentChoiceValue
  onChange: (v: PaymentChoiceValue) => void
}) {
  const wallets = useWallets().data ?? []
  if (wallets.length === 0) return null
  const radio = (key: string, label: string, next: PaymentChoiceValue) => (
    <label key={key} className="flex min-h-11 items-center gap-2 text-sm">
      <input
        type="radio"
        name="payment"
        value={key}
        checked={value.method === next.method && value.wallet === next.wallet}
        onChange={() => onChange(next)}
      />
      {label}
    </label>
  )
  return (
    <fieldset className="space-y-1" data-testid="payment-choice">
      <legend className="text-sm font-medium">Paiement</legend>
      {radio('cash', cashLabel, { method: 'cash', wallet: null })}
      {wallets.map((w) =>
        radio(w.wallet, `${paymentMethodLabels.mobile_money} : ${w.wallet}`, {
          method: 'mobile_money',
          wallet: w.wallet,
        }),
      )}
    </fieldset>
  )
}
