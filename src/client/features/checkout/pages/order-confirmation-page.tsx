import { CheckCircle2, Clock, MapPin } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { orderSlotText } from '@/shared/domain/delivery-slots'
import { isShopper } from '@/shared/domain/roles'
import { formatDateTime, formatMoney, formatNumber } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { ErrorState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { PageSpinner } from '@/client/components/ui/spinner'
import { ShopDenied } from '@/client/components/shop-denied'
import { usePageParams } from '@/client/lib/page-url'
import { useSession } from '@/client/lib/session'
import { OrderStatusBadge, PaymentStatusBadge } from '@/client/components/ui/status-badges'
import { ProductImage } from '@/client/features/storefront/components/product-image'
import { useOrderDetails } from '../api/use-order-details'
import { parseOrderId } from '../lib/order-id'
import { progressOf } from '../lib/order-progress'
import { AmountReceived } from '../components/amount-received'
import { AmountLines } from '../components/order-summary'
import { WeighApprovalCard } from '../components/weigh-approval-card'
import { PayCard } from '../components/pay-card'
import { payNow } from '@/shared/domain/payable'
import { clientPaymentLabel } from '@/shared/domain/refunds'
import { CancelOrderCard } from '../components/cancel-order-card'
import { RefundToCreditCard } from '../components/refund-to-credit-card'
import { ConfirmOrderCard } from '../components/confirm-order-card'
import { WeighNote } from '../components/weigh-note'
import { OrderedTotalNote, QuantityText } from '@/client/components/weighed-quantity'
import { ShopContact } from '@/client/components/shop-contact'
import { LinePreparation } from '@/client/components/line-preparation'
import { MapPointLink } from '@/client/components/map-point-link'
import { PickupCodeCard } from '../components/pickup-code-card'

function MissingId() {
  return (
    <div className="space-y-4 py-6 text-center">
      <ErrorState titleAs="h1" title="Erreur de commande" message="ID de commande manquant ou invalide." />
      <Button asChild variant="outline">
        <Link to="/orders">Voir mes commandes</Link>
      </Button>
    </div>
  )
}

/** /order-confirmation/:orderId for clients and users only; signed out, the spec's refusal. */
export default function OrderConfirmationRoute() {
  const session = useSession()
  if (session.status === 'loading') return <PageSpinner />
  if (session.status === 'unauthenticated') {
    return (
      <div className="space-y-4 py-6 text-center">
        <ErrorState
          titleAs="h1"
          title="Accès non autorisé"
          message="Vous devez être connecté pour voir cette commande."
        />
        <Button asChild>
          <Link to="/client/login">Se connecter</Link>
        </Button>
      </div>
    )
  }
  if (!isShopper(session.user.role)) return <ShopDenied user={session.user} />
  return <OrderConfirmationPage />
}

/** The spec's second version, with the order's stored amounts. */
function OrderConfirmationPage() {
  const orderId = parseOrderId(usePageParams()?.orderId)
  const order = useOrderDetails(orderId)
  // Straight from the cart: thanks; opened from the history: the order's number.
  const justPlaced = (useLocation().state as { justPlaced?: boolean } | null)?.justPlaced === true
  if (orderId === null) return <MissingId />
  return (
    <QueryState
      query={order}
      loading={
        <div role="status" aria-label="Chargement de la commande…" className="space-y-4">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      }
      errorView={(error, retry) => {
        const notFound = (error as { status?: number }).status === 404
        return (
          <div className="space-y-4 py-6 text-center">
            <ErrorState
              titleAs="h1"
              title={notFound ? 'Commande non trouvée' : 'Erreur de chargement'}
              message={notFound ? `La commande avec l'ID #${orderId} n'a pas pu être trouvée` : error.message}
              onRetry={notFound ? undefined : retry}
            />
            <Button asChild variant="outline">
              <Link to="/orders">Voir mes commandes</Link>
            </Button>
          </div>
        )
      }}
    >
      {(o) => <OrderConfirmation order={o} justPlaced={justPlaced} />}
    </QueryState>
  )
}

type OrderDetails = NonNullable<ReturnType<typeof useOrderDetails>['data']>

/** The order, as the client sees it once placed. */
function OrderConfirmation({ order: o, justPlaced }: { order: OrderDetails; justPlaced: boolean }) {
  const progress = progressOf(o)
  const slot = orderSlotText(o)
  return (
    <div className="space-y-5">
      <div className="flex flex-col items-center gap-2 text-center">
        {justPlaced && <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />}
        <h1 className="text-2xl font-bold text-stone-900">
          {justPlaced ? 'Merci pour votre commande !' : `Commande #${o.id}`}
        </h1>
        {justPlaced && (
          <p className="text-stone-600">
            Commande{' '}
            <span className="font-semibold" data-testid="order-number">
              #{o.id}
            </span>{' '}
            enregistrée.
          </p>
        )}
      </div>

      <ConfirmOrderCard order={o} />
      <PickupCodeCard order={o} />
      <PayCard order={o} />
      {!payNow(o).needsAgreement && <WeighApprovalCard order={o} />}
      <CancelOrderCard order={o} />
      <RefundToCreditCard order={o} />

      <Card>
        <CardContent className="grid grid-cols-2 gap-4 p-4 sm:grid-cols-4 sm:p-6">
          <div>
            <p className="text-xs text-stone-500">Date</p>
            <p className="text-sm font-medium">{formatDateTime(o.createdAt)}</p>
          </div>
          <div>
            <p className="text-xs text-stone-500">Statut</p>
            <OrderStatusBadge status={o.status} fulfilment={o.fulfilment} />
          </div>
          <div>
            <p className="text-xs text-stone-500">Paiement</p>
            <PaymentStatusBadge status={o.paymentStatus} label={clientPaymentLabel(o)} />
          </div>
          <div>
            <p className="text-xs text-stone-500">Total</p>
            <p className="text-sm font-bold">{formatMoney(o.totalAmount)}</p>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Articles</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <ul className="divide-y divide-stone-200" aria-label="Articles de la commande">
            {o.items.map((i) => (
              <li key={i.id} className="flex items-center gap-3 py-3" data-testid="order-line">
                <ProductImage
                  src={i.product.imageUrl}
                  alt={i.productName}
                  className="h-14 w-14 shrink-0 rounded-md"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{i.productName}</p>
                  <LinePreparation item={i} />
                  <p className="text-sm text-stone-600">
                    <QuantityText item={i} /> × {formatMoney(i.unitPrice)}
                  </p>
                </div>
                <p className="font-semibold">{formatMoney(i.totalPrice)}</p>
              </li>
            ))}
          </ul>
          <AmountLines
            price={{
              subtotal: o.subtotalAmount,
              discountAmount: o.discountAmount,
              couponDiscount: o.couponDiscount,
              pointsUsed: o.pointsUsed,
              pointsDiscountAmount: o.pointsDiscountAmount,
              deliveryFee: o.deliveryFeeAmount,
              total: o.totalAmount,
            }}
            discountPercent={o.discountPercent}
            couponCode={o.couponCode}
            totalLabel={progress.totalLabel}
            deliveryLabel={o.fulfilment === 'pickup' ? 'Retrait à la boutique' : undefined}
          />
          <OrderedTotalNote order={o} />
          <AmountReceived order={o} />
          <WeighNote
            countryId={o.countryId}
            hasKg={
              (o.status === 'pending' || o.status === 'in_preparation') &&
              o.orderedTotalAmount == null &&
              o.items.some((i) => i.unitType === 'kg')
            }
          />
          <p className="text-sm text-stone-600">
            Points gagnés : <span className="font-medium">{formatNumber(o.pointsEarned)}</span>
            {(o.pointsEarned === 0 || o.status === 'delivered') && progress.pointsNote}
          </p>
        </CardContent>
      </Card>

      <div className="grid gap-5 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              {o.fulfilment === 'pickup' ? 'Boutique de retrait' : 'Adresse de livraison'}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-1 text-sm text-stone-700">
            <p className="flex items-start gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden />
              <span>
                {o.deliveryAddress}
                <br />
                {o.zoneName}, {o.deliveryCity}, {o.deliveryCountry}
              </span>
            </p>
            {slot && (
              <p className="flex items-start gap-2" data-testid="order-slot">
                <Clock className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden />
                <span>Créneau : {slot}</span>
              </p>
            )}
            {o.deliveryLandmark && <p>Repère : {o.deliveryLandmark}</p>}
            <MapPointLink order={o} />
            <p>Téléphone : {o.deliveryPhone}</p>
            {o.deliverySecondPhone && <p>Autre téléphone : {o.deliverySecondPhone}</p>}
            {o.notes && <p>Notes : {o.notes}</p>}
            <ShopContact
              countryId={o.countryId}
              title="Une question sur votre commande ?"
              message={`Bonjour Étal, au sujet de ma commande n° ${o.id} :`}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{progress.title}</CardTitle>
          </CardHeader>
          <CardContent>
            {progress.steps.length > 1 ? (
              <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700" data-testid="order-progress">
                {progress.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-stone-700" data-testid="order-progress">
                {progress.steps[0]}
              </p>
            )}
          </CardContent>
        </Card>
      </div>

      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <Link to="/">Retour à l'accueil</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/order-confirmation/${o.id}/receipt`}>Imprimer le reçu</Link>
        </Button>
        <Button asChild>
          <Link to="/orders">Voir mes commandes</Link>
        </Button>
      </div>
    </div>
  )
}
