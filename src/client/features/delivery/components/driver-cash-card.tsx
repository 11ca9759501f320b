import { Wallet } from 'lucide-react'
import { cashEntryLabels } from '@/shared/domain/cash'
import { formatDateTime, formatMoney } from '@/shared/format'
import type { DriverCashView } from '@/shared/schemas/cash'
import { Card, CardContent } from '@/client/components/ui/card'

/** The driver's cash in hand (docs/rules/money.md#drivers-cash) and its latest movements. */
export function DriverCashCard({ cash }: { cash: DriverCashView }) {
  return (
    <Card>
      <CardContent className="space-y-3 pt-4 sm:pt-5">
        <div className="flex items-center gap-3">
          <Wallet className="h-6 w-6 text-brand" aria-hidden />
          <div>
            <p className="text-sm text-stone-600">Espèces à remettre</p>
            <p className="text-2xl font-bold text-stone-900" data-testid="driver-cash-balance">
              {formatMoney(cash.balance)}
            </p>
          </div>
        </div>
        {cash.balance < 0 && (
          <p className="text-sm text-stone-600">
            Vous avez remis plus que vos encaissements : la boutique vous doit ce montant.
          </p>
        )}
        {cash.entries.length > 0 && (
          <details>
            <summary className="cursor-pointer text-sm font-medium text-brand">Derniers mouvements</summary>
            <ul className="mt-2 divide-y divide-stone-100 text-sm">
              {cash.entries.map((e) => (
                <li key={e.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                  <span className="text-stone-700">
                    {cashEntryLabels[e.type]}
                    {e.orderId ? ` · commande #${e.orderId}` : ''}
                    {e.reservationId ? ` · fête, réservation #${e.reservationId}` : ''}
                    {e.ecart ? ` · écart ${formatMoney(e.ecart)}` : ''}
                    <span className="block text-xs text-stone-500">
                      {formatDateTime(e.createdAt)}
                      {e.reason ? ` · ${e.reason}` : ''}
                    </span>
                  </span>
                  <span className="font-medium text-stone-900">{formatMoney(e.amount)}</span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </CardContent>
    </Card>
  )
}
