import { Phone, PackageCheck } from 'lucide-react'
import { useState } from 'react'
import { formatMoney } from '@/shared/format'
import type { EveDelivery } from '@/shared/schemas/campaign-eve'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent } from '@/client/components/ui/card'
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog'
import { useEveDelivered } from '../api/delivery-api'

/** "sam. 6 juin, 08:00–10:00" in the campaign's country's time zone. */
function slotText(d: EveDelivery) {
  if (!d.slotStartsAt || !d.slotEndsAt) return 'Sans créneau'
  const tz = d.timeZone
  const day = new Intl.DateTimeFormat('fr-FR', {
    timeZone: tz,
    weekday: 'short',
    day: 'numeric',
    month: 'long',
  })
  const hour = new Intl.DateTimeFormat('fr-FR', { timeZone: tz, hour: '2-digit', minute: '2-digit' })
  return `${day.format(d.slotStartsAt)}, ${hour.format(d.slotStartsAt)}–${hour.format(d.slotEndsAt)}`
}

function servicesOf(d: EveDelivery) {
  const parts: string[] = []
  if (d.slaughter) parts.push('Abattage')
  if (d.cutting) parts.push(`Découpe : ${d.cutting}`)
  return parts.join(' · ') || 'Aucun service'
}

/**
 * docs/rules/campaigns-operations.md#delivery-on-the-eve: the feast's animals given to the driver,
 * each delivered once its whole balance is collected in cash at the door.
 */
export function EveDeliveries({ deliveries }: { deliveries: EveDelivery[] }) {
  const delivered = useEveDelivered()
  const [asking, setAsking] = useState<EveDelivery | null>(null)
  if (deliveries.length === 0) return null
  return (
    <section aria-labelledby="eve-deliveries">
      <h2 id="eve-deliveries" className="mb-3 text-lg font-semibold text-stone-900">
        Fête : animaux à livrer ({deliveries.length})
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {deliveries.map((d) => {
          const item = d.tag ? `Boucle ${d.tag}` : (d.shareName ?? 'Part')
          return (
            <Card key={d.reservationId} data-testid={`eve-${d.reservationId}`}>
              <CardContent className="space-y-2 pt-4 text-sm text-stone-800">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="font-mono text-base font-semibold text-stone-900">{item}</span>
                  <span className="text-xs text-stone-600">{d.campaignName}</span>
                </div>
                {d.breed && <div>{d.breed}</div>}
                <div>{servicesOf(d)}</div>
                <div>
                  <div className="font-medium">{d.recipientName ?? 'Destinataire non indiqué'}</div>
                  {d.recipientPhone && (
                    <a
                      href={`tel:${d.recipientPhone}`}
                      className="inline-flex items-center gap-1 text-brand underline"
                    >
                      <Phone className="h-4 w-4" aria-hidden />
                      {d.recipientPhone}
                    </a>
                  )}
                  {d.recipientAddress && <div>{d.recipientAddress}</div>}
                </div>
                <div>Créneau : {slotText(d)}</div>
                <div className="font-semibold">
                  {d.balance > 0 ? `À encaisser : ${formatMoney(d.balance)}` : 'Déjà payé : rien à encaisser'}
                </div>
                <Button onClick={() => setAsking(d)} disabled={delivered.isPending}>
                  <PackageCheck className="h-4 w-4" aria-hidden />
                  Livré
                </Button>
              </CardContent>
            </Card>
          )
        })}
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Confirmer la livraison"
        description={
          asking && asking.balance > 0
            ? `Vous avez encaissé ${formatMoney(asking.balance)} en espèces et remis l’animal ?`
            : 'Vous avez remis l’animal à son destinataire ?'
        }
        confirmLabel={
          asking && asking.balance > 0 ? `Livré, ${formatMoney(asking.balance)} encaissés` : 'Livré'
        }
        pending={delivered.isPending}
        onConfirm={() =>
          asking &&
          delivered.mutate(
            { reservationId: asking.reservationId, cashCollected: asking.balance },
            { onSuccess: () => setAsking(null) },
          )
        }
      />
    </section>
  )
}
