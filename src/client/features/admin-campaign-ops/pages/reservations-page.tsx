import { Download, Printer } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { cancellationSplit, reservationStatusLabels } from '@/shared/domain/campaign-operations'
import { reservationStatuses, type ReservationStatus } from '@/shared/domain/campaigns'
import { formatCount, formatDate, formatMoney } from '@/shared/format'
import type { OperationRow, OperationsQuery } from '@/shared/schemas/campaign-operations'
import { Button } from '@/client/components/ui/button'
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog'
import { Field, Select } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { ErrorState, QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { api } from '@/client/lib/api'
import { staffErrorText } from '@/client/lib/error-text'
import { usePageSearch } from '@/client/lib/page-url'
import { useAssignDriver, useCancel, useOperations, useRefundDone, useStep } from '../api/use-operations'
import { CashDialog } from '../components/cash-dialog'
import { ExtendDialog } from '../components/extend-dialog'
import { ReservationsTable } from '../components/reservations-table'
import { bySlot, itemText, slotLabel, useCampaignIdParam } from '../lib/operations'

/**
 * /admin/campagnes/:campaignId/reservations: a campaign's reservations on the feast days
 * (docs/rules/campaigns-operations.md), by slot then tag (the slaughter's order), with the steps,
 * cash at the shop, a later due date, cancelling; its tags to print and its CSV.
 */
export default function CampaignReservationsPage() {
  const campaignId = useCampaignIdParam()
  const only = Number(usePageSearch()?.get('reservation') ?? '') || null
  const [status, setStatus] = useState<ReservationStatus | ''>('')
  const [slotId, setSlotId] = useState('')
  const [overdue, setOverdue] = useState(false)
  const filters: OperationsQuery = {
    campaignId,
    status: status || undefined,
    slotId: slotId ? Number(slotId) : undefined,
    overdue: overdue ? 'true' : undefined,
  }
  const query = useOperations(filters, campaignId > 0)
  const step = useStep()
  const cancel = useCancel()
  const refundDone = useRefundDone()
  const assign = useAssignDriver()
  const [cashing, setCashing] = useState<OperationRow | null>(null)
  const [extending, setExtending] = useState<OperationRow | null>(null)
  const [cancelling, setCancelling] = useState<OperationRow | null>(null)

  if (!campaignId) return <ErrorState titleAs="h1" message="Identifiant de campagne manquant ou invalide." />
  const data = query.data
  const split =
    cancelling && data
      ? cancellationSplit(
          { refundableUntil: data.campaign.refundableUntil, cancellationFee: data.campaign.cancellationFee },
          cancelling.amountPaid,
          new Date(),
        )
      : null

  return (
    <>
      <PageHeader
        title={data ? `Réservations — ${data.campaign.name}` : 'Réservations de la campagne'}
        description={
          data
            ? `Fête le ${formatDate(`${data.campaign.feastDate}T12:00:00Z`)} · solde dû le ${formatDate(data.campaign.balanceDueAt)}. Par créneau, puis par numéro de boucle : l’ordre d’abattage.`
            : undefined
        }
        back={`/admin/campagnes/${campaignId}`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={`/admin/campagnes/${campaignId}/etiquettes`}>
                <Printer className="h-4 w-4" aria-hidden /> Étiquettes à imprimer
              </Link>
            </Button>
            <Button asChild variant="outline">
              <a href={api.href('/_api/admin/campaigns/operations/export', filters)} download>
                <Download className="h-4 w-4" aria-hidden /> Exporter (CSV)
              </a>
            </Button>
          </>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-3 sm:items-end">
        <Field label="État" htmlFor="filter-status">
          <Select
            id="filter-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as ReservationStatus | '')}
          >
            <option value="">Tous (sauf expirées)</option>
            {reservationStatuses.map((s) => (
              <option key={s} value={s}>
                {reservationStatusLabels[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Créneau" htmlFor="filter-slot">
          <Select id="filter-slot" value={slotId} onChange={(e) => setSlotId(e.target.value)}>
            <option value="">Tous les créneaux</option>
            {(data?.slots ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {slotLabel(s, data!.campaign.timeZone)}
              </option>
            ))}
          </Select>
        </Field>
        <label className="flex min-h-10 items-center gap-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={overdue}
            onChange={(e) => setOverdue(e.target.checked)}
          />
          Solde dû après l’échéance
        </label>
      </div>
      {only && (
        <p className="mb-3 text-sm">
          Réservation n° {only} seule ·{' '}
          <Link className="text-brand underline" to={`/admin/campagnes/${campaignId}/reservations`}>
            Tout afficher
          </Link>
        </p>
      )}
      <QueryState
        query={query}
        loading={<SkeletonRows count={6} />}
        empty="Aucune réservation pour ces filtres"
        isEmpty={(d) => d.reservations.length === 0}
        errorMessage={(e) => staffErrorText(e, { fallback: 'Réservations non chargées.' })}
      >
        {(d) => {
          const rows = only ? d.reservations.filter((r) => r.id === only) : d.reservations
          const paid = rows.reduce((s, r) => s + r.amountPaid, 0)
          const left = rows.reduce((s, r) => s + (r.status === 'cancelled' ? 0 : r.balance), 0)
          const slotOf = (id: number | null) => d.slots.find((s) => s.id === id)
          return (
            <>
              <p className="mb-3 text-sm text-stone-700">
                {formatCount(rows.length)} réservation(s) · payé {formatMoney(paid)} · reste{' '}
                {formatMoney(left)}
              </p>
              {bySlot(rows).map((g) => {
                const label = slotLabel(slotOf(g.slotId), d.campaign.timeZone)
                return (
                  <section key={g.slotId ?? 'none'} className="mb-6">
                    <h2 className="mb-2 text-lg font-semibold text-stone-900">
                      {label} <span className="text-sm font-normal text-stone-600">({g.rows.length})</span>
                    </h2>
                    <ReservationsTable
                      label={`Réservations : ${label}`}
                      rows={g.rows}
                      h={{
                        onStep: (r, s) => step.mutate({ reservationId: r.id, step: s }),
                        onCash: setCashing,
                        onExtend: setExtending,
                        onCancel: setCancelling,
                        onRefundDone: (r, attemptId) => refundDone.mutate({ reservationId: r.id, attemptId }),
                        delivers: (r) => slotOf(r.slotId)?.kind === 'delivery',
                        drivers: d.drivers,
                        onAssign: (r, driverId) => assign.mutate({ reservationId: r.id, driverId }),
                      }}
                    />
                  </section>
                )
              })}
            </>
          )
        }}
      </QueryState>
      <CashDialog row={cashing} onClose={() => setCashing(null)} />
      <ExtendDialog row={extending} onClose={() => setExtending(null)} />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(o) => !o && setCancelling(null)}
        title={`Annuler la réservation — ${cancelling ? itemText(cancelling) : ''} ?`}
        description={
          split
            ? `${split.refundable ? `Remboursable : la boutique garde ${formatMoney(split.kept)} de frais et rend ${formatMoney(split.refund)}.` : `Plus remboursable : la boutique garde les ${formatMoney(split.kept)} payés.`} L’animal redevient disponible et le client est prévenu.`
            : ''
        }
        confirmLabel="Annuler la réservation"
        cancelLabel="Garder la réservation"
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          cancelling &&
          cancel.mutate({ reservationId: cancelling.id }, { onSuccess: () => setCancelling(null) })
        }
      />
    </>
  )
}
