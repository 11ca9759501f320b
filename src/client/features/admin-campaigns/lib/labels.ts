import type { ReservationStatus } from '@/shared/domain/campaigns'
import { formatDateTime } from '@/shared/format'

// What the staff's campaign pages say (docs/rules/campaigns-staff.md).

/** A reservation's state on the board, with the animal's words. */
export const boardStateLabels: Record<ReservationStatus, string> = {
  held: 'Acompte en cours',
  booked: 'Acompte payé',
  paid: 'Payées',
  ready: 'Prêtes',
  delivered: 'Livrées',
  collected: 'Retirées',
  cancelled: 'Annulées',
  expired: 'Expirées',
}

/** Where a campaign stands now: before its opening, open, or closed. */
export function campaignPhase(c: { opensAt: Date; closesAt: Date }, now = Date.now()) {
  if (now < c.opensAt.getTime()) return { label: 'À venir', variant: 'secondary' } as const
  if (now < c.closesAt.getTime()) return { label: 'Ouverte', variant: 'success' } as const
  return { label: 'Fermée', variant: 'outline' } as const
}

export const windowOf = (c: { opensAt: Date; closesAt: Date }) =>
  `du ${formatDateTime(c.opensAt)} au ${formatDateTime(c.closesAt)}`

/** The campaign's pages: its setup, its board, its reservations (the operations' page). */
export const campaignPaths = (id: number) => ({
  setup: `/admin/campagnes/${id}`,
  board: `/admin/campagnes/${id}/tableau`,
  reservations: `/admin/campagnes/${id}/reservations`,
})

/** The campaign a page's URL names: its id, null while the URL is not known yet, 0 when it names none. */
export function campaignIdOf(params: Readonly<Record<string, string | undefined>> | null): number | null {
  if (!params) return null
  const id = Number(params.campaignId)
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0
}
