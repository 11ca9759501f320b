import { Link } from 'react-router'
import {
  attemptStatusLabels,
  paymentProviderLabels,
  REFUND_TO_DO_LABEL,
  type RefundStatus,
} from '@/shared/domain/payments'
import type { ReconciliationIssue } from '@/shared/schemas/payments'
import type { BadgeVariant } from '@/shared/domain/roles'
import { formatMoney, formatNumber } from '@/shared/format'
import { Badge } from '@/client/components/ui/badge'
import { PaymentFaults } from '@/client/components/payment-faults'
import { CountryDayPicker, useCountryDay } from '@/client/components/country-day-picker'
import { PageHeader } from '@/client/components/ui/page-header'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { useReconciliation } from '../api/use-reconciliation'

/** What each line says (docs/rules/money.md#payments): each attempt against its order. */
const issues: Record<ReconciliationIssue | 'ok', { label: string; variant: BadgeVariant }> = {
  missing: { label: 'Reçu, commande non payée', variant: 'destructive' },
  extra: { label: 'Payée sans paiement reçu', variant: 'destructive' },
  amount: { label: 'Montant différent', variant: 'warning' },
  owing: { label: 'Reçu en partie : reste dû', variant: 'warning' },
  refund: { label: 'Argent à rendre', variant: 'warning' },
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
 * default): every attempt, with its state, against its order (its total and what it received),
 * each difference named. Staff see their own country; root chooses one.
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
      {/* Above the day's lines: a refused key matters most on a day with no payment. */}
      {report.data && <PaymentFaults faults={report.data.faults} className="mb-4" />}
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
          const unconfirmedCount = r.rows.filter(
            (row) => row.status !== null && row.status !== 'paid' && row.status !== 'mismatch',
          ).length
          return (
            <section aria-labelledby="reconciliation-rows" className="space-y-3">
              <h2 id="reconciliation-rows" className="text-lg font-semibold text-stone-900">
                {formatNumber(r.rows.length)} ligne{r.rows.length > 1 ? 's' : ''} ·{' '}
                <span data-testid="reconciliation-differing">
                  {differing === 0
                    ? 'tout concorde'
                    : `${formatNumber(differing)} écart${differing > 1 ? 's' : ''} à examiner`}
                </span>
                {unconfirmedCount > 0 &&
                  ` · ${formatNumber(unconfirmedCount)} tentative${unconfirmedCount > 1 ? 's' : ''} sans paiement confirmé`}
              </h2>
              <Table aria-label="Rapprochement mobile money">
                <THead>
                  <tr>
                    <Th>Commande ou réservation</Th>
                    <Th>Opérateur</Th>
                    <Th>État</Th>
                    <Th className="text-right">Montant demandé</Th>
                    <Th className="text-right">Total de la commande</Th>
                    <Th className="text-right">Reçu pour la commande</Th>
                    <Th>Constat</Th>
                    <Th>Remboursement</Th>
                  </tr>
                </THead>
                <TBody>
                  {r.rows.map((row) => {
                    const issue = issues[row.issue ?? 'ok']
                    const unconfirmed =
                      row.status !== null && row.status !== 'paid' && row.status !== 'mismatch'
                    return (
                      <Tr
                        key={`${row.orderId ?? `r${row.reservationId}`}-${row.attemptId ?? 'order'}`}
                        data-testid={
                          row.orderId !== null
                            ? `reconciliation-${row.orderId}`
                            : `reconciliation-reservation-${row.reservationId}`
                        }
                      >
                        <Td>
                          {row.orderId !== null ? (
                            <Link to={`/admin/orders/${row.orderId}`} className="text-brand hover:underline">
                              #{row.orderId}
                            </Link>
                          ) : (
                            <>
                              <span className="block whitespace-nowrap">{row.campaignName}</span>
                              <span className="block text-xs whitespace-nowrap text-stone-600">
                                Réservation {row.reservationId}
                              </span>
                            </>
                          )}
                          {row.reference && (
                            <span className="block text-xs break-all text-stone-500">
                              Réf. {row.reference}
                            </span>
                          )}
                        </Td>
                        <Td>{row.provider ? paymentProviderLabels[row.provider] : '—'}</Td>
                        <Td>{row.status ? attemptStatusLabels[row.status] : '—'}</Td>
                        <Td className="text-right">{money(row.amount)}</Td>
                        <Td className="text-right">{money(row.orderTotal)}</Td>
                        <Td className="text-right">{money(row.orderPaid)}</Td>
                        <Td>
                          {unconfirmed ? (
                            <span className="text-sm text-stone-600">Aucun paiement confirmé</span>
                          ) : (
                            <Badge variant={issue.variant}>{issue.label}</Badge>
                          )}
                        </Td>
                        <Td>
                          {row.refundStatus
                            ? `${refunds[row.refundStatus]}${row.refundAmount !== null ? ` (${formatMoney(row.refundAmount)})` : ''}`
                            : '—'}
                        </Td>
                      </Tr>
                    )
                  })}
                </TBody>
              </Table>
              <p className="text-xs text-stone-600">
                Chaque tentative du jour figure, payée ou non : celles « sans paiement confirmé » restent
                interrogées auprès de l’opérateur pendant 48 heures après leur expiration. « Reçu, commande
                non payée » : l’opérateur a l’argent mais la commande n’en compte rien ; « Reçu en partie :
                reste dû » : la commande a reçu de l’argent et doit encore la différence ; « Argent à rendre »
                : un trop-perçu ou un paiement en double, à rembourser ; « Payée sans paiement reçu » : la
                commande est marquée payée par mobile money sans paiement confirmé ; « Montant différent » :
                l’opérateur a reçu un autre montant que celui demandé. Les lignes « Réservation » sont les
                acomptes et versements d’une réservation (Tabaski…), rapprochés de son prix et de ce qu’elle a
                reçu.
              </p>
            </section>
          )
        }}
      </QueryState>
    </>
  )
}
