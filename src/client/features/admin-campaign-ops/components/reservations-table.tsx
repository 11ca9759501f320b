import { Ban, CalendarClock, Check, HandCoins, PackageCheck, Undo2 } from 'lucide-react'
import { CANCELLABLE, reservationStatusLabels, stepFrom } from '@/shared/domain/campaign-operations'
import type { ReservationStatus } from '@/shared/domain/campaigns'
import { LIVE_RESERVATION } from '@/shared/domain/campaigns'
import { formatDate, formatMoney } from '@/shared/format'
import type { OperationRow } from '@/shared/schemas/campaign-operations'
import type { BadgeVariant } from '@/shared/domain/roles'
import { Badge } from '@/client/components/ui/badge'
import { Select } from '@/client/components/ui/field'
import { RowActions } from '@/client/components/ui/row-actions'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { itemText, servicesText } from '../lib/operations'

const statusVariant: Record<ReservationStatus, BadgeVariant> = {
  held: 'outline',
  booked: 'secondary',
  paid: 'secondary',
  ready: 'warning',
  delivered: 'success',
  collected: 'success',
  cancelled: 'destructive',
  expired: 'outline',
}

export type RowHandlers = {
  onStep: (row: OperationRow, step: 'ready' | 'delivered' | 'collected') => void
  onCash: (row: OperationRow) => void
  onExtend: (row: OperationRow) => void
  onCancel: (row: OperationRow) => void
  onRefundDone: (row: OperationRow, attemptId: number) => void
  /** Whether the reservation's slot is a delivery (else collected at the shop). */
  delivers: (row: OperationRow) => boolean
  /** docs/rules/campaigns-operations.md#delivery-on-the-eve: the country's drivers, and giving one. */
  drivers: { id: number; displayName: string }[]
  onAssign: (row: OperationRow, driverId: number) => void
}

/**
 * One slot's reservations (docs/rules/campaigns-operations.md#the-list): tag, client, services,
 * recipient, status and money, with the actions that apply to each (the server decides).
 */
export function ReservationsTable({
  label,
  rows,
  h,
}: {
  label: string
  rows: OperationRow[]
  h: RowHandlers
}) {
  return (
    <Table aria-label={label}>
      <THead>
        <tr>
          <Th>Animal</Th>
          <Th>Client</Th>
          <Th>Services</Th>
          <Th>Destinataire</Th>
          <Th>Statut</Th>
          <Th className="text-right">Payé</Th>
          <Th className="text-right">Solde</Th>
          <Th className="text-right">Actions</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((r) => {
          const name = itemText(r)
          const live = LIVE_RESERVATION.includes(r.status)
          const handOver = h.delivers(r) ? 'delivered' : 'collected'
          return (
            <Tr key={r.id} data-testid={`reservation-${r.id}`}>
              <Td className="font-mono font-semibold text-stone-900">
                {name}
                {r.breed && <div className="font-sans text-xs font-normal text-stone-600">{r.breed}</div>}
              </Td>
              <Td>
                <div>{r.clientName}</div>
                {r.clientPhone && <div className="text-xs text-stone-600">{r.clientPhone}</div>}
              </Td>
              <Td className="text-sm">{servicesText(r)}</Td>
              <Td className="text-sm">
                {r.recipientName ? (
                  <>
                    <div>{r.recipientName}</div>
                    <div className="text-xs text-stone-600">
                      {[r.recipientPhone, r.recipientAddress].filter(Boolean).join(' · ')}
                    </div>
                  </>
                ) : (
                  'Le client'
                )}
                {r.status === 'ready' && h.delivers(r) ? (
                  <Select
                    dense
                    className="mt-1"
                    aria-label={`Livreur ${name}`}
                    value={r.deliveryDriverId ?? ''}
                    onChange={(e) => e.target.value && h.onAssign(r, Number(e.target.value))}
                  >
                    <option value="">Livreur…</option>
                    {h.drivers.map((d) => (
                      <option key={d.id} value={d.id}>
                        {d.displayName}
                      </option>
                    ))}
                  </Select>
                ) : (
                  r.deliveryDriverName && (
                    <div className="mt-1 text-xs text-stone-600">Livreur : {r.deliveryDriverName}</div>
                  )
                )}
              </Td>
              <Td>
                <Badge variant={statusVariant[r.status]}>{reservationStatusLabels[r.status]}</Badge>
                {r.overdue && (
                  <div className="mt-1 text-xs font-semibold text-red-700">
                    Échéance dépassée ({formatDate(r.dueAt)})
                  </div>
                )}
                {r.status === 'cancelled' && r.keptAmount !== null && (
                  <div className="mt-1 text-xs text-stone-600">
                    Gardé {formatMoney(r.keptAmount)} · rendu {formatMoney(r.refundAmount ?? 0)}
                  </div>
                )}
              </Td>
              <Td className="text-right whitespace-nowrap tabular-nums">
                {formatMoney(r.amountPaid)}
                {r.cashPaid > 0 && (
                  <div className="text-xs text-stone-600">dont {formatMoney(r.cashPaid)} en espèces</div>
                )}
              </Td>
              <Td className="text-right whitespace-nowrap tabular-nums">
                {formatMoney(r.balance)}
                {live && r.balance > 0 && !r.overdue && (
                  <div className="text-xs text-stone-600">avant le {formatDate(r.dueAt)}</div>
                )}
              </Td>
              <Td>
                <RowActions
                  actions={[
                    stepFrom.ready.includes(r.status) && {
                      label: `Prête ${name}`,
                      text: 'Prête',
                      icon: Check,
                      show: 'always',
                      onClick: () => h.onStep(r, 'ready'),
                    },
                    r.status === 'ready' &&
                      r.balance === 0 && {
                        label: `${handOver === 'delivered' ? 'Livrée' : 'Retirée'} ${name}`,
                        text: handOver === 'delivered' ? 'Livrée' : 'Retirée',
                        icon: PackageCheck,
                        show: 'always',
                        onClick: () => h.onStep(r, handOver),
                      },
                    live &&
                      r.balance > 0 && {
                        label: `Encaisser ${name}`,
                        text: 'Encaisser',
                        icon: HandCoins,
                        show: 'always',
                        onClick: () => h.onCash(r),
                      },
                    live &&
                      r.balance > 0 &&
                      r.status !== 'held' && {
                        label: `Repousser l’échéance ${name}`,
                        text: 'Repousser l’échéance',
                        icon: CalendarClock,
                        onClick: () => h.onExtend(r),
                      },
                    CANCELLABLE.includes(r.status) && {
                      label: `Annuler ${name}`,
                      text: 'Annuler la réservation',
                      icon: Ban,
                      destructive: true,
                      onClick: () => h.onCancel(r),
                    },
                    ...r.refunds
                      .filter((x) => x.refundStatus === 'to_do')
                      .map((x) => ({
                        label: `Remboursement fait ${name} ${formatMoney(x.amount)}`,
                        text: `Remboursé ${formatMoney(x.amount)}${x.wallet ? ` (${x.wallet})` : ''}`,
                        icon: Undo2,
                        show: 'always' as const,
                        onClick: () => h.onRefundDone(r, x.attemptId),
                      })),
                  ]}
                />
              </Td>
            </Tr>
          )
        })}
      </TBody>
    </Table>
  )
}
