import { animalStatusLabels, depositFor } from '@/shared/domain/campaigns'
import { formatMoney } from '@/shared/format'
import type { AnimalView, CampaignView } from '@/shared/schemas/campaigns'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { Card } from '@/client/components/ui/card'
import { AnimalPicture } from './animal-picture'

/** An animal, its own listing: photo, tag, breed, weight, age, price and deposit, 'Réserver'. */
export function AnimalCard({
  animal: a,
  campaign,
  onReserve,
  reserving,
  canReserve,
}: {
  animal: AnimalView
  campaign: CampaignView
  onReserve: () => void
  reserving: boolean
  canReserve: boolean
}) {
  const name = `${a.breed} n° ${a.tag}`
  const free = a.status === 'available'
  return (
    <Card className="overflow-hidden" data-testid="animal-card">
      <AnimalPicture photos={a.photos} alt={name} className="aspect-[4/3] w-full" />
      <div className="space-y-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold text-stone-900">{name}</h3>
          {!free && <Badge variant="outline">{animalStatusLabels[a.status]}</Badge>}
        </div>
        <p className="text-sm text-stone-600">
          {a.weightKg} kg environ (poids vif)
          {a.ageMonths !== null && ` · ${a.ageMonths} mois`}
        </p>
        {a.notes && <p className="text-sm text-stone-700">{a.notes}</p>}
        <p className="text-xl font-bold text-stone-900">{formatMoney(a.price)}</p>
        <p className="text-xs text-stone-600">Acompte : {formatMoney(depositFor(campaign, a.price))}</p>
        {free ? (
          canReserve && (
            <Button
              className="w-full"
              onClick={onReserve}
              pending={reserving}
              aria-label={`Réserver ${name}`}
            >
              Réserver
            </Button>
          )
        ) : (
          <p className="text-sm text-stone-600">Déjà réservé par un autre client.</p>
        )}
      </div>
    </Card>
  )
}
