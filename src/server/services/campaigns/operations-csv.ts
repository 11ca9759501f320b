import type { SessionUser } from '@/shared/schemas/auth'
import { reservationStatusLabels } from '@/shared/domain/campaign-operations'
import type { Executor } from '@/server/db/client'
import { BOM, csvLines } from '../money/reports/csv'
import { campaignOperations, type OperationFilters } from './operations'

// docs/rules/campaigns-operations.md#the-export: the list as the spreadsheet reads it, as the
// orders' CSV is written (UTF-8 with BOM, ; separated, French headings, whole F CFA).

const HEADINGS = [
  'N° réservation',
  'Boucle',
  'Race',
  'Part',
  'Client',
  'Téléphone',
  'Abattage',
  'Découpe',
  'Nuits de garde',
  'Créneau',
  'Destinataire',
  'Téléphone destinataire',
  'Adresse',
  'Statut',
  'Total (F CFA)',
  'Payé (F CFA)',
  'Dont espèces (F CFA)',
  'Solde (F CFA)',
  'Échéance',
  'Solde dû après l’échéance',
]

/** dd/mm/yyyy hh:mm in a time zone. */
const at = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(d)

export async function operationsCsv(
  db: Executor,
  user: SessionUser,
  campaignId: number,
  f: OperationFilters,
) {
  const { campaign, slots, reservations } = await campaignOperations(db, user, campaignId, f)
  const { timeZone } = campaign
  const slotText = (id: number | null) => {
    const s = slots.find((x) => x.id === id)
    return s ? `${s.kind === 'delivery' ? 'Livraison' : 'Retrait'} ${at(s.startsAt, timeZone)}` : ''
  }
  async function* pieces() {
    yield BOM + csvLines([HEADINGS])
    yield csvLines(
      reservations.map((r) => [
        r.id,
        r.tag,
        r.breed,
        r.shareName,
        r.clientName,
        r.clientPhone,
        r.slaughter ? 'Oui' : 'Non',
        r.cutting,
        r.keepingNights,
        slotText(r.slotId),
        r.recipientName,
        r.recipientPhone,
        r.recipientAddress,
        reservationStatusLabels[r.status],
        r.total,
        r.amountPaid,
        r.cashPaid,
        r.balance,
        at(r.dueAt, timeZone),
        r.overdue ? 'Oui' : 'Non',
      ]),
    )
  }
  return pieces()
}
