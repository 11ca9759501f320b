import { creditKindLabels } from '@/shared/domain/store-credit'
import { formatDateTime, formatMoney } from '@/shared/format'
import type { CreditStatement } from '@/shared/schemas/credit'
import { EmptyState } from '@/client/components/ui/query-state'
import { cn } from '@/client/components/ui/cn'

/**
 * docs/rules/store-credit.md#the-ledger: a client's store credit as it reads it (and staff on its
 * page): the balance, then each movement, newest first, with who and why, and the balance after.
 */
export function CreditStatementView({ statement, empty }: { statement: CreditStatement; empty: string }) {
  return (
    <div className="space-y-4">
      <p className="text-3xl font-bold text-stone-900" data-testid="credit-balance">
        {formatMoney(statement.balance)}
      </p>
      {statement.balances.length > 1 && (
        <ul className="text-sm text-stone-600">
          {statement.balances.map((b) => (
            <li key={b.countryId}>
              {b.country} : {formatMoney(b.balance)}
            </li>
          ))}
        </ul>
      )}
      {statement.entries.length === 0 ? (
        <EmptyState message={empty} />
      ) : (
        <ul
          className="divide-y divide-stone-200"
          aria-label="Mouvements de l’avoir"
          data-testid="credit-entries"
        >
          {statement.entries.map((e) => (
            <li key={e.id} className="flex items-start justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">{creditKindLabels[e.kind]}</p>
                <p className="text-stone-700">{e.reason}</p>
                <p className="text-xs text-stone-500">{formatDateTime(e.createdAt)}</p>
              </div>
              <div className="shrink-0 text-right">
                <p className={cn('font-semibold', e.amount > 0 ? 'text-emerald-700' : 'text-stone-900')}>
                  {e.amount > 0 ? '+ ' : '− '}
                  {formatMoney(Math.abs(e.amount))}
                </p>
                <p className="text-xs text-stone-500">Solde : {formatMoney(e.balanceAfter)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
