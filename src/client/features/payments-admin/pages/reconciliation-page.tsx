import { Link } from 'react-router'
import { paymentProviderLabels, REFUND_TO_DO_LABEL, type RefundStatus } from '@/shared/domain/payments'
import type { BadgeVariant } from '@/shared/domain/roles'
import { formatMoney, formatNumber } from '@/shared/format'
import { Badge } from '@/client/components/ui/badge'
import { CountryDayPicker, useCountryDay } from '@/client/components/country-day-picker'
import { PageHeader } from '@/client/components/ui/page-header'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { useReconciliation } from '../api/use-reconciliation'

type Issue = 'missing' | 'extra' | 'amount' | null

/** What each line says (docs/rules/money.md#payments): the provider's word against the order's. */
const issues: Record<'missing' | 'extra' | 'amount' | 'ok', { label: string; variant: BadgeVariant }> = {
  missing: { label: 'Reçu, commande non payée', variant: 'destructive' },
  extra: { label: 'Payée sans paiement reçu', variant: 'destructive' },
  amount: { label: 'Montant différent', variant: 'warning' },
  ok: { label: 'Concorde', variant: 'success' },
}
const refunds: Record<RefundStatus, string> = {
  requested: 'Remboursement en cours',
  to_do: REFUND_TO_DO_LABEL,
  done: 'Remboursé',
}
const money = (n: number | null) => (n == null ? '—' : formatMoney(n))

/**
 * /admin/payments: a day of a country's mobile money (in the country's time zone, today by
 * default): what the providers said they received against the orders, each difference named
 * (missing, extra, amount different). Staff see their own country; root chooses one.
 */
export default function ReconciliationPage() {
  const picked = useCountryDay()
  const report = useReconciliation(picked.input && { ...picked.input, date: picked.input.date || undefined })

  return (
    <>
      <PageHeader
        title="Rapprochement mobile money"
        description="Ce que Wave et CinetPay disent avoir reçu, face aux commandes, jour par jour (heure du pays)."
      />
      <CountryDayPicker id="reconciliation" state={picked} reportDate={report.data?.date} />
      <QueryState
        query={report}
        loading={<SkeletonRows count={4} />}
        errorTitle="Erreur de chargement"
        isEmpty={(r) => r.rows.length === 0}
        empty="Aucun paiement mobile money ce jour-là"
      >
        {(r) => {
          const differing = r.rows.filter((row) => row.issue !== null).length
          return (
            <section aria-labelledby="reconciliation-rows" className="space-y-3">
              <h2 id="reconciliation-rows" className="text-lg font-semibold text-stone-900">
                {formatNumber(r.rows.length)} ligne{r.rows.length > 1 ? 's' : ''} ·{' '}
                <span data-testid="reconciliation-differing">
                  {differing === 0
                    ? 'tout concorde'
                    : `${formatNumber(differing)} écart${differing > 1 ? 's' : ''} à examiner`}
                </span>
              </h2>
              <Table aria-label="Rapprochement mobile money">
                <THead>
                  <tr>
                    <Th>Commande</Th>
                    <Th>Opérateur</Th>
                    <Th className="text-right">Reçu par l’opérateur</Th>
                    <Th className="text-right">Payé selon la commande</Th>
                    <Th>Constat</Th>
                    <Th>Remboursement</Th>
                  </tr>
                </THead>
                <TBody>
                  {r.rows.map((row) => {
                    const issue = issues[(row.issue as Issue) ?? 'ok']
                    return (
                      <Tr
                        key={`${row.orderId}-${row.attemptId ?? 'order'}`}
                        data-testid={`reconciliation-${row.orderId}`}
                      >
                        <Td>
                          <Link to={`/admin/orders/${row.orderId}`} className="text-brand hover:underline">
                            #{row.orderId}
                          </Link>
                          {row.reference && (
                            <span className="block text-xs break-all text-stone-500">
                              Réf. {row.reference}
                            </span>
                          )}
                        </Td>
                        <Td>{row.provider ? paymentProviderLabels[row.provider] : '—'}</Td>
                        <Td className="text-right">{money(row.providerAmount)}</Td>
                        <Td className="text-right">{money(row.orderAmount)}</Td>
                        <Td>
                          <Badge variant={issue.variant}>{issue.label}</Badge>
                        </Td>
                        <Td>{row.refundStatus ? refunds[row.refundStatus] : '—'}</Td>
                      </Tr>
                    )
                  })}
                </TBody>
              </Table>
              <p className="text-xs text-stone-600">
                « Reçu, commande non payée » : l’opérateur a l’argent mais la commande n’est pas marquée payée
                ; « Payée sans paiement reçu » : la commande est marquée payée par mobile money sans paiement
                confirmé ; « Montant différent » : l’opérateur a reçu un autre montant que celui demandé.
              </p>
            </section>
          )
        }}
      </QueryState>
    </>
  )
}
