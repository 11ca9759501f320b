import type { OperationRow, OperationsAnswer } from '@/shared/schemas/campaign-operations'
import { usePageParams } from '@/client/lib/page-url'

// Pure helpers of the campaign operations' pages (docs/rules/campaigns-operations.md).

/** Reads :campaignId; 0 when it is not a positive integer. */
export function useCampaignIdParam() {
  const raw = usePageParams()?.campaignId ?? ''
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : 0
}

type Slot = OperationsAnswer['slots'][number]

/** "Retrait · sam. 6 juin, 08:00–10:00" in the campaign's country's time zone. */
export function slotLabel(s: Slot | undefined, timeZone: string) {
  if (!s) return 'Sans créneau'
  const day = new Intl.DateTimeFormat('fr-FR', { timeZone, weekday: 'short', day: 'numeric', month: 'long' })
  const hour = new Intl.DateTimeFormat('fr-FR', { timeZone, hour: '2-digit', minute: '2-digit' })
  return `${s.kind === 'delivery' ? 'Livraison' : 'Retrait'} · ${day.format(s.startsAt)}, ${hour.format(s.startsAt)}–${hour.format(s.endsAt)}`
}

/** "Abattage · Découpe en quartiers · 2 nuits de garde", or "Aucun service". */
export function servicesText(r: Pick<OperationRow, 'slaughter' | 'cutting' | 'keepingNights'>) {
  const parts: string[] = []
  if (r.slaughter) parts.push('Abattage')
  if (r.cutting) parts.push(`Découpe : ${r.cutting}`)
  if (r.keepingNights > 0) parts.push(`${r.keepingNights} nuit${r.keepingNights > 1 ? 's' : ''} de garde`)
  return parts.join(' · ') || 'Aucun service'
}

/** The animal's tag, or the share's name. */
export const itemText = (r: Pick<OperationRow, 'tag' | 'shareName'>) =>
  r.tag ? `Boucle ${r.tag}` : (r.shareName ?? '—')

/** The rows grouped by slot, in the list's order (the slaughter's). */
export function bySlot(rows: readonly OperationRow[]) {
  const groups: { slotId: number | null; rows: OperationRow[] }[] = []
  for (const r of rows) {
    const last = groups.at(-1)
    if (last && last.slotId === r.slotId) last.rows.push(r)
    else groups.push({ slotId: r.slotId, rows: [r] })
  }
  return groups
}

/** The back-office address a tag's QR code opens: the reservation in the list. */
export const reservationLink = (origin: string, campaignId: number, reservationId: number) =>
  `${origin}/admin/campagnes/${campaignId}/reservations?reservation=${reservationId}`
