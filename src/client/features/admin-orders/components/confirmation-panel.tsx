import { MessageSquare, PhoneCall } from 'lucide-react'
import type { OrderDetailView } from '@/shared/schemas/orders'
import { formatDateTime } from '@/shared/format'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { useConfirmByPhone, usePhoneRecord, useResendConfirmLink } from '../api/confirmation-api'
import { waitsForClient } from '@/shared/domain/confirmation'

/**
 * docs/rules/confirmation.md: on the order page, the delivery phone's record (delivered, refused at
 * the door) and, for an order paid at the door that waits for its client, "À confirmer" with
 * staff's "Confirmé par téléphone", or "Renvoyer le lien" when the client lost the SMS whose link
 * confirms it.
 */
export function ConfirmationPanel({ order }: { order: OrderDetailView }) {
  const record = usePhoneRecord(order.id)
  const confirm = useConfirmByPhone()
  const resend = useResendConfirmLink()
  const waiting = waitsForClient(order)
  return (
    <div className="mt-4 space-y-3 border-t border-stone-200 pt-3 text-sm" data-testid="confirmation-panel">
      <p className="text-stone-700">
        <span className="font-medium text-stone-900">{order.deliveryPhone}</span>
        {record.data && (
          <span data-testid="phone-record">
            {' '}
            — Livrées : {record.data.delivered} · Refusées à la porte : {record.data.refused}
          </span>
        )}
      </p>
      {waiting && (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p className="flex flex-wrap items-center gap-2">
            <Badge variant="warning">À confirmer</Badge>{' '}
            <span className="text-stone-800">
              Payée à la livraison : à préparer une fois confirmée par le client.
            </span>
          </p>
          <p className="text-stone-700">
            Il a reçu un lien par SMS pour la confirmer. Sans réponse, appelez-le.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate(order.id)}
            >
              <PhoneCall className="h-4 w-4" aria-hidden /> Confirmé par téléphone
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={resend.isPending}
              onClick={() => resend.mutate(order.id)}
            >
              <MessageSquare className="h-4 w-4" aria-hidden /> Renvoyer le lien
            </Button>
          </div>
        </div>
      )}
      {order.needsConfirmation && order.confirmedAt && (
        <p className="flex flex-wrap items-center gap-2 text-stone-700">
          <Badge variant="success">Confirmée</Badge>{' '}
          {order.confirmedBy === 'client' ? 'par le client (lien SMS)' : 'par téléphone'} le{' '}
          {formatDateTime(order.confirmedAt)}
        </p>
      )}
    </div>
  )
}
