import type { ReservationStatus } from '@/shared/domain/campaigns'
import { formatMoney, formatPercent } from '@/shared/format'

// How the pages name a reservation's state and an animal (docs/rules/campaigns-client.md#the-pages).

export const reservationStatusLabels: Record<ReservationStatus, string> = {
  held: 'Acompte à payer',
  booked: 'Acompte payé',
  paid: 'Entièrement payé',
  ready: 'Prêt',
  delivered: 'Livré',
  collected: 'Retiré',
  cancelled: 'Annulée',
  expired: 'Expirée',
}

export const reservationStatusTone = (s: ReservationStatus) =>
  s === 'paid' || s === 'ready' || s === 'delivered' || s === 'collected'
    ? 'success'
    : s === 'held'
      ? 'warning'
      : s === 'cancelled' || s === 'expired'
        ? 'destructive'
        : 'secondary'

/** 'Mouton n° SN-12, Ladoum, 60 kg' or the share's name. */
export const itemName = (r: {
  animal: { tag: string; breed: string; weightKg: number } | null
  share: { name: string } | null
}) =>
  r.animal
    ? `${r.animal.breed} n° ${r.animal.tag}, ${r.animal.weightKg} kg environ`
    : (r.share?.name ?? 'Réservation')

/** The campaign's deposit rule, said. */
export const depositRule = (c: {
  depositKind: 'percent' | 'fixed'
  depositPercent: number
  depositFixed: number | null
}) =>
  c.depositKind === 'fixed'
    ? `Acompte de ${formatMoney(c.depositFixed ?? 0)} à la réservation`
    : `Acompte de ${formatPercent(c.depositPercent)} du prix à la réservation`

/** The text sent with a pay link on WhatsApp. */
export const payLinkText = (firstName: string, campaignName: string, url: string) =>
  `Vous pouvez aider ${firstName || 'votre proche'} à payer sa réservation « ${campaignName} » sur Étal, du montant que vous voulez :\n${url}`
