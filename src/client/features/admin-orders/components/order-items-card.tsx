import { formatMoney, formatPercent } from '@/shared/format'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import type { OrderView } from '@/client/lib/order-view'
import { OrderedTotalNote, QuantityText } from '@/client/components/weighed-quantity'
import { LinePreparation } from '@/client/components/line-preparation'

/** The items and every stored amount: nothing is recomputed (docs/rules/money.md#pricing). */
export function OrderItemsCard({ order }: { order: OrderView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Articles</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <Table aria-label="Articles">
          <THead>
            <tr>
              <Th>Produit</Th>
              <Th>Quantité</Th>
              <Th className="text-right">Prix unitaire</Th>
              <Th className="text-right">Total</Th>
            </tr>
          </THead>
          <TBody>
            {order.items.map((i) => (
              <Tr key={i.id}>
                <Td className="font-medium">
                  {i.productName}
                  <LinePreparation item={i} className="font-normal" />
                </Td>
                <Td>
                  <QuantityText item={i} />
                </Td>
                <Td className="text-right whitespace-nowrap">
                  {formatMoney(i.unitPrice)} / {i.unitType === 'kg' ? 'kg' : 'unité'}
                </Td>
                <Td className="text-right whitespace-nowrap">{formatMoney(i.totalPrice)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
        <dl className="ml-auto max-w-sm space-y-1.5 text-sm">
          <div className="flex justify-between">
            <dt className="text-stone-600">Sous-total</dt>
            <dd>{formatMoney(order.subtotalAmount)}</dd>
          </div>
          {order.discountAmount > 0 && (
            <div className="flex justify-between">
              <dt className="text-stone-600">
                Remise{order.discountPercent ? ` (${formatPercent(order.discountPercent)})` : ''}
              </dt>
              <dd>− {formatMoney(order.discountAmount)}</dd>
            </div>
          )}
          {order.couponDiscount > 0 && (
            <div className="flex justify-between">
              <dt className="text-stone-600">Code promo {order.couponCode}</dt>
              <dd>− {formatMoney(order.couponDiscount)}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt className="text-stone-600">Points utilisés ({order.pointsUsed})</dt>
            <dd>− {formatMoney(order.pointsDiscountAmount)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-stone-600">
              {order.deliveryFeeAmount > 0 ? 'Livraison' : 'Livraison offerte'}
            </dt>
            <dd data-testid="delivery-fee">{formatMoney(order.deliveryFeeAmount)}</dd>
          </div>
          <div className="flex justify-between border-t border-stone-200 pt-1.5 text-base font-semibold">
            <dt>Total</dt>
            <dd>{formatMoney(order.totalAmount)}</dd>
          </div>
          {/* docs/rules/store-credit.md#spending: part of what it received. */}
          {order.creditUsed > 0 && (
            <div className="flex justify-between text-emerald-700" data-testid="credit-used">
              <dt>Payé avec l’avoir du client</dt>
              <dd>{formatMoney(order.creditUsed)}</dd>
            </div>
          )}
        </dl>
        <OrderedTotalNote order={order} />
      </CardContent>
    </Card>
  )
}
