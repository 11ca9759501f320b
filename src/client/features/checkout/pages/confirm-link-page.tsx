import { BadgeCheck, CheckCircle2, Clock } from 'lucide-react'
import { Link } from 'react-router'
import { orderSlotText } from '@/shared/domain/delivery-slots'
import { formatDateTime, formatMoney, formatQuantity } from '@/shared/format'
import type { ConfirmLinkView } from '@/shared/schemas/confirmation'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { ErrorState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { errorMessage } from '@/client/lib/api'
import { usePageSearch } from '@/client/lib/page-url'
import { useConfirmByLink, useConfirmLink } from '../api/use-confirm-order'

const TOKEN = /^[A-Za-z0-9_-]{43}$/
const TITLE = 'Confirmer ma commande'

function PageSkeleton() {
  return (
    <div className="mx-auto max-w-lg space-y-4 py-4">
      <h1 className="text-2xl font-bold">{TITLE}</h1>
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-12 w-full" />
    </div>
  )
}

function LinkRefused({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-lg space-y-4 py-4 text-center">
      <ErrorState title="Lien de confirmation indisponible" titleAs="h1" message={message} />
      <Button asChild variant="outline">
        <Link to="/orders">Voir mes commandes</Link>
      </Button>
    </div>
  )
}

/**
 * /commande/confirmer?token=… (docs/rules/confirmation.md#confirmation): the link sent by SMS for an
 * order paid at the door that waits for its client, for whoever holds it, without signing in: the
 * order's number, slot, lines and total, then "Je confirme ma commande"; a link unknown, replaced or
 * expired says so.
 */
export default function ConfirmLinkPage() {
  const search = usePageSearch()
  const raw = search?.get('token') ?? null
  const token = raw !== null && TOKEN.test(raw) ? raw : null
  const link = useConfirmLink(token)
  if (!search) return <PageSkeleton />
  if (!token) return <LinkRefused message="Ce lien de confirmation n’est pas valide." />
  return (
    <QueryState
      query={link}
      loading={<PageSkeleton />}
      errorView={(e) => <LinkRefused message={e.message} />}
    >
      {(order) => <ConfirmLink order={order} token={token} />}
    </QueryState>
  )
}

function ConfirmLink({ order: o, token }: { order: ConfirmLinkView; token: string }) {
  const confirm = useConfirmByLink(token)
  const slot = orderSlotText(o)
  return (
    <div className="mx-auto max-w-lg space-y-4 py-4" data-testid="confirm-link-page">
      <div>
        <p className="text-sm font-medium text-brand">Bonjour {o.firstName}</p>
        <h1 className="text-2xl font-bold text-stone-900">
          {o.state === 'confirmed' ? 'Commande confirmée' : TITLE}
        </h1>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Commande n° {o.id}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm text-stone-700">
          <p>Passée le {formatDateTime(o.createdAt)}</p>
          {slot && (
            <p className="flex items-start gap-2" data-testid="confirm-slot">
              <Clock className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden />
              <span>
                {o.fulfilment === 'pickup' ? 'Retrait' : 'Livraison'} : {slot}
              </span>
            </p>
          )}
          <ul className="divide-y divide-stone-200" aria-label="Articles de la commande">
            {o.items.map((i, k) => (
              <li key={k} className="flex justify-between gap-3 py-2">
                <span>{i.productName}</span>
                <span className="shrink-0 text-stone-600">{formatQuantity(i.quantity, i.unitType)}</span>
              </li>
            ))}
          </ul>
          <p className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold text-stone-900">
            <span>Total à payer {o.fulfilment === 'pickup' ? 'au retrait' : 'à la livraison'}</span>
            <span>{formatMoney(o.totalAmount)}</span>
          </p>
        </CardContent>
      </Card>
      {o.state === 'waiting' && (
        <div className="space-y-3">
          <p className="text-sm text-stone-700">
            Vous payez {o.fulfilment === 'pickup' ? 'au retrait' : 'à la livraison'} : nous préparons votre
            commande dès que vous l’avez confirmée.
          </p>
          {confirm.isError && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {errorMessage(confirm.error, 'La confirmation n’a pas été enregistrée. Réessayez.')}
            </p>
          )}
          <Button
            type="button"
            size="lg"
            className="w-full"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate()}
          >
            <BadgeCheck className="h-5 w-5" aria-hidden /> Je confirme ma commande
          </Button>
        </div>
      )}
      {o.state === 'confirmed' && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md bg-emerald-50 p-3 text-emerald-900"
          data-testid="confirmed"
        >
          <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden />
          {o.confirmedBy === 'phone'
            ? 'Votre commande est déjà confirmée (par téléphone). Merci !'
            : 'Merci, votre commande est confirmée : nous allons la préparer.'}
        </p>
      )}
      {o.state === 'cancelled' && (
        <ErrorState
          title="Commande annulée"
          message="Cette commande est annulée : il n’y a plus rien à confirmer."
        />
      )}
    </div>
  )
}
