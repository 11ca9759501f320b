import { Printer } from 'lucide-react'
import { useEffect, useState } from 'react'
import { formatMoney } from '@/shared/format'
import { QrCode } from '@/client/components/qr-code'
import { Button } from '@/client/components/ui/button'
import { PageHeader } from '@/client/components/ui/page-header'
import { ErrorState, QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { staffErrorText } from '@/client/lib/error-text'
import { useOperations } from '../api/use-operations'
import { itemText, reservationLink, servicesText, slotLabel, useCampaignIdParam } from '../lib/operations'

/** The states whose animal is at the shop, waiting for the feast: a tag each. */
const TAGGED = new Set(['booked', 'paid', 'ready'])

/**
 * /admin/campagnes/:campaignId/etiquettes: the tags to tie on each animal
 * (docs/rules/campaigns-operations.md#tags), in the slaughter's order: the tag number, the client
 * and its phone, the services, the slot, and a QR code opening the reservation in the back-office.
 * On paper only the tags print, two by two.
 */
export default function CampaignTagsPage() {
  const campaignId = useCampaignIdParam()
  const query = useOperations({ campaignId }, campaignId > 0)
  // The address the QR codes open: this site's, known in the browser only.
  const [origin, setOrigin] = useState('')
  useEffect(() => setOrigin(window.location.origin), [])
  if (!campaignId) return <ErrorState titleAs="h1" message="Identifiant de campagne manquant ou invalide." />
  return (
    <>
      <div className="no-print">
        <PageHeader
          title={query.data ? `Étiquettes — ${query.data.campaign.name}` : 'Étiquettes des animaux'}
          description="Une étiquette par animal réservé, dans l’ordre d’abattage. Imprimez, découpez, attachez."
          back={`/admin/campagnes/${campaignId}/reservations`}
          actions={
            <Button onClick={() => window.print()}>
              <Printer className="h-4 w-4" aria-hidden /> Imprimer
            </Button>
          }
        />
      </div>
      <QueryState
        query={query}
        loading={<SkeletonRows count={4} />}
        empty="Aucun animal réservé à étiqueter"
        isEmpty={(d) => !d.reservations.some((r) => TAGGED.has(r.status))}
        errorMessage={(e) => staffErrorText(e, { fallback: 'Étiquettes non chargées.' })}
      >
        {(d) => (
          <ul aria-label="Étiquettes" className="grid gap-4 sm:grid-cols-2 print:grid-cols-2 print:gap-2">
            {d.reservations
              .filter((r) => TAGGED.has(r.status))
              .map((r) => {
                const slot = d.slots.find((s) => s.id === r.slotId)
                return (
                  <li
                    key={r.id}
                    data-testid={`tag-${r.id}`}
                    className="flex break-inside-avoid gap-3 rounded-lg border-2 border-dashed border-stone-400 bg-white p-3"
                  >
                    <div className="min-w-0 flex-1 space-y-1 text-sm">
                      <p className="font-mono text-2xl font-bold text-stone-900">{itemText(r)}</p>
                      <p className="font-semibold">{r.recipientName ?? r.clientName}</p>
                      <p>{r.recipientPhone ?? r.clientPhone ?? '—'}</p>
                      {r.recipientName && (
                        <p className="text-xs text-stone-600">Pour le compte de {r.clientName}</p>
                      )}
                      <p>{servicesText(r)}</p>
                      <p className="font-medium">{slotLabel(slot, d.campaign.timeZone)}</p>
                      {r.balance > 0 && (
                        <p className="font-semibold text-red-700">Reste à payer {formatMoney(r.balance)}</p>
                      )}
                      <p className="text-xs text-stone-500">Réservation n° {r.id}</p>
                    </div>
                    {origin && (
                      <QrCode
                        text={reservationLink(origin, campaignId, r.id)}
                        label={`Code QR de la réservation ${r.id}`}
                        className="h-28 w-28 shrink-0"
                      />
                    )}
                  </li>
                )
              })}
          </ul>
        )}
      </QueryState>
    </>
  )
}
