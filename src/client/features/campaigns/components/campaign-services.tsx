import { formatDateTime, formatMoney } from '@/shared/format'
import type { CampaignView } from '@/shared/schemas/campaigns'

export const slotKindLabels = {
  delivery: 'Livraison la veille',
  collection: 'Retrait à la boutique',
} as const

/** A slot said: 'Retrait à la boutique, 14/06/2027 08:00 (gratuit)'. */
export const slotLabel = (s: CampaignView['slots'][number]) =>
  `${slotKindLabels[s.kind]}, ${formatDateTime(s.startsAt)}${s.price > 0 ? ` (${formatMoney(s.price)})` : ' (gratuit)'}`

/** The services a campaign offers with their prices, and its slots with places left. */
export function CampaignServices({ campaign: c }: { campaign: CampaignView }) {
  const none = c.slaughterPrice === null && c.keepingPerNight === null && c.preparations.length === 0
  return (
    <div className="grid gap-4 text-sm sm:grid-cols-2" data-testid="campaign-services">
      <div>
        <h3 className="mb-1 font-semibold text-stone-900">Services</h3>
        {none ? (
          <p className="text-stone-600">Aucun service proposé : l’animal vous est remis vivant.</p>
        ) : (
          <ul className="space-y-1 text-stone-700">
            {c.slaughterPrice !== null && <li>Abattage : {formatMoney(c.slaughterPrice)}</li>}
            {c.preparations.map((p) => (
              <li key={p.preparationId}>
                Découpe « {p.name} » : {formatMoney(p.price)}
              </li>
            ))}
            {c.keepingPerNight !== null && (
              <li>Garde de l’animal : {formatMoney(c.keepingPerNight)} par nuit</li>
            )}
          </ul>
        )}
      </div>
      <div>
        <h3 className="mb-1 font-semibold text-stone-900">Livraison ou retrait</h3>
        {c.slots.length === 0 ? (
          <p className="text-stone-600">Les créneaux seront bientôt proposés.</p>
        ) : (
          <ul className="space-y-1 text-stone-700">
            {c.slots.map((s) => (
              <li key={s.id}>
                {slotLabel(s)} : {s.left > 0 ? `${s.left} place${s.left > 1 ? 's' : ''}` : 'complet'}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
