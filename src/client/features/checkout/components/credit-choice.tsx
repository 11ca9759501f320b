import { Wallet } from 'lucide-react'
import { formatMoney } from '@/shared/format'
import { Switch } from '@/client/components/ui/switch'

/**
 * docs/rules/store-credit.md#spending: the cart's store credit, spent first unless the client turns
 * it off for this order (it stays on the account).
 */
export function CreditChoice({
  balance,
  checked,
  onChange,
}: {
  balance: number
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm">
      <p className="flex items-center gap-2 text-emerald-900">
        <Wallet className="h-4 w-4 shrink-0" aria-hidden />
        <span>
          Utiliser mon avoir <span className="font-semibold">({formatMoney(balance)} disponibles)</span>
        </span>
      </p>
      <Switch checked={checked} onCheckedChange={onChange} label="Utiliser mon avoir pour cette commande" />
    </div>
  )
}
