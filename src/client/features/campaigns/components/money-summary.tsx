import { formatDate, formatMoney } from '@/shared/format'

/** What a reservation costs, what was paid, what is left and by when (the pay link's and the account's). */
export function MoneySummary({
  total,
  amountPaid,
  balance,
  depositAmount,
  balanceDueAt,
}: {
  total: number
  amountPaid: number
  balance: number
  depositAmount: number
  balanceDueAt: Date
}) {
  const row = (label: string, value: string, testId?: string, strong?: boolean) => (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-stone-600">{label}</dt>
      <dd className={strong ? 'text-lg font-bold text-stone-900' : 'font-medium'} data-testid={testId}>
        {value}
      </dd>
    </div>
  )
  return (
    <dl className="divide-y divide-stone-100 text-sm">
      {row('Total', formatMoney(total), 'reservation-total')}
      {row('Acompte demandé', formatMoney(depositAmount))}
      {row('Déjà payé', formatMoney(amountPaid), 'reservation-paid')}
      {row('Reste à payer', formatMoney(balance), 'reservation-balance', true)}
      {row('Solde à régler avant le', formatDate(balanceDueAt))}
    </dl>
  )
}
