import { formatDateTime, formatDay, formatMoney, formatPercent } from '@/shared/format'
import type { CampaignView } from '@/shared/schemas/campaigns'

/** A campaign's rules as staff read them: its dates, deposit, cancellation, services and prices. */
export function CampaignRules({ campaign: c }: { campaign: CampaignView }) {
  const price = (n: number | null) => (n === null ? 'Non proposé' : formatMoney(n))
  const rows: [string, string][] = [
    ['Jour de la fête', formatDay(c.feastDate)],
    ['Commandes', `du ${formatDateTime(c.opensAt)} au ${formatDateTime(c.closesAt)}`],
    ['Solde à payer avant le', formatDateTime(c.balanceDueAt)],
    [
      'Acompte',
      c.depositKind === 'fixed'
        ? formatMoney(c.depositFixed ?? 0)
        : `${formatPercent(c.depositPercent)} du prix`,
    ],
    [
      'Annulation',
      c.refundableUntil
        ? `remboursable jusqu’au ${formatDateTime(c.refundableUntil)}, moins ${formatMoney(c.cancellationFee)}`
        : 'non remboursable',
    ],
    ['Abattage', price(c.slaughterPrice)],
    ['Garde, par nuit', price(c.keepingPerNight)],
    [
      'Découpes',
      c.preparations.length === 0
        ? 'Aucune'
        : c.preparations.map((p) => `${p.name} (${formatMoney(p.price)})`).join(', '),
    ],
  ]
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium text-stone-600">{k}</dt>
          <dd className="text-stone-900">{v}</dd>
        </div>
      ))}
    </dl>
  )
}
