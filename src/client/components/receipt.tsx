import { useState } from 'react'
import { clientPaymentLabel } from '@/shared/domain/refunds'
import { amountOwed } from '@/shared/domain/status-effects'
import { orderSlotText } from '@/shared/domain/delivery-slots'
import { formatDateTime, formatMoney, formatPercent, formatQuantity } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { mapPointOf } from '@/client/components/map-point-link'
import { useCountries } from '@/client/lib/reference-data'
import type { OrderDetailView } from '@/client/lib/order-view'
import { LinePreparation } from './line-preparation'

export type ReceiptFormat = 'a4' | 'ticket'

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between gap-3 font-bold' : 'flex justify-between gap-3'}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}

/**
 * An order's receipt for the delivery bag (docs/rules/orders.md#receipts): the shop, the order, its lines
 * with the ordered and the weighed quantity, the fee, the discount and points, the total and the
 * payment, laid out for A4 or an 80 mm thermal printer by the print stylesheet (styles.css,
 * `.receipt`). The buttons pick the format and open the browser's print dialog.
 */
export function Receipt({ order }: { order: OrderDetailView }) {
  const [format, setFormat] = useState<ReceiptFormat>('a4')
  const country = useCountries().data?.find((c) => c.id === order.countryId)
  const slot = orderSlotText(order)
  const point = mapPointOf(order)
  const print = (f: ReceiptFormat) => {
    setFormat(f)
    // After the format is drawn: the print stylesheet reads it.
    setTimeout(() => window.print(), 50)
  }
  return (
    <div className="space-y-4">
      <div className="no-print flex flex-wrap items-center gap-3">
        <fieldset className="flex flex-wrap items-center gap-3 text-sm">
          <legend className="sr-only">Format du reçu</legend>
          {(
            [
              ['a4', 'Feuille A4'],
              ['ticket', 'Ticket 80 mm'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="receipt-format"
                value={value}
                checked={format === value}
                onChange={() => setFormat(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <Button onClick={() => print(format)}>Imprimer le reçu</Button>
      </div>
      <article
        className="receipt mx-auto rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-900"
        data-format={format}
        aria-label={`Reçu de la commande n° ${order.id}`}
      >
        <div className="border-b border-dashed border-stone-300 pb-2 text-center">
          <p className="text-lg font-bold">Étal — Boucherie en ligne</p>
          <p>{order.deliveryCountry}</p>
          {country?.shopPhone && <p>Tél. {country.shopPhone}</p>}
          {country?.shopWhatsapp && <p>WhatsApp {country.shopWhatsapp}</p>}
        </div>
        <section className="border-b border-dashed border-stone-300 py-2">
          <p className="font-bold">Commande n° {order.id}</p>
          <p>Passée le {formatDateTime(order.createdAt)}</p>
          <p>Client : {order.customerName}</p>
          <p>
            Livraison : {order.deliveryAddress}, {order.zoneName}, {order.cityName}
          </p>
          {order.deliveryLandmark && <p>Repère : {order.deliveryLandmark}</p>}
          {point && (
            <p>
              Carte :{' '}
              <a href={point.href} data-testid="map-point-link">
                {point.text}
              </a>
            </p>
          )}
          <p>Téléphone : {order.deliveryPhone}</p>
          {order.deliverySecondPhone && <p>Autre téléphone : {order.deliverySecondPhone}</p>}
          {slot && <p>Créneau : {slot}</p>}
        </section>
        <table className="receipt-lines my-2 w-full border-collapse text-xs sm:text-sm" aria-label="Articles">
          <thead>
            <tr className="border-b border-stone-300 text-left">
              <th scope="col" className="py-1">
                Article
              </th>
              <th scope="col" className="py-1 pl-2 text-right">
                Qté
              </th>
              <th scope="col" className="py-1 pl-2 text-right">
                Montant
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((i) => (
              <tr key={i.id} className="align-top">
                <td className="py-1">
                  {i.productName}
                  <LinePreparation item={i} className="text-xs sm:text-sm" />
                  <span className="block text-xs text-stone-600">
                    {formatMoney(i.unitPrice)} / {i.unitType === 'kg' ? 'kg' : 'unité'}
                  </span>
                </td>
                <td className="py-1 pl-2 text-right whitespace-nowrap">
                  {i.weighedQuantity != null && i.weighedQuantity !== i.quantity ? (
                    <>
                      commandé {formatQuantity(i.quantity, i.unitType)}
                      <br />
                      pesé {formatQuantity(i.weighedQuantity, i.unitType)}
                    </>
                  ) : (
                    formatQuantity(i.weighedQuantity ?? i.quantity, i.unitType)
                  )}
                </td>
                <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums">
                  {formatMoney(i.totalPrice)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="space-y-0.5 border-t border-dashed border-stone-300 pt-2">
          <Row label="Sous-total" value={formatMoney(order.subtotalAmount)} />
          {order.discountAmount > 0 && (
            <Row
              label={`Remise (${formatPercent(order.discountPercent ?? 0)})`}
              value={`−${formatMoney(order.discountAmount)}`}
            />
          )}
          {order.couponDiscount > 0 && (
            <Row
              label={`Code promo ${order.couponCode ?? ''}`}
              value={`−${formatMoney(order.couponDiscount)}`}
            />
          )}
          {order.pointsUsed > 0 && (
            <Row
              label={`Points utilisés (${order.pointsUsed})`}
              value={`−${formatMoney(order.pointsDiscountAmount)}`}
            />
          )}
          <Row
            label="Livraison"
            value={order.deliveryFeeAmount > 0 ? formatMoney(order.deliveryFeeAmount) : 'offerte'}
          />
          <Row label="Total" value={formatMoney(order.totalAmount)} strong />
          {/* docs/rules/store-credit.md#spending */}
          {order.creditUsed > 0 && <Row label="Payé avec l’avoir" value={formatMoney(order.creditUsed)} />}
          <Row
            label="Paiement"
            value={`${clientPaymentLabel(order)} · ${
              order.paymentMethod === 'mobile_money'
                ? `mobile money${order.paymentWallet ? ` (${order.paymentWallet})` : ''}`
                : 'à la livraison'
            }`}
          />
          {order.paymentStatus === 'partly_paid' && (
            <>
              <Row label="Payé" value={formatMoney(order.amountPaid)} />
              <Row label="Reste dû" value={formatMoney(amountOwed(order))} strong />
            </>
          )}
          {order.pointsEarned > 0 && <Row label="Points gagnés" value={String(order.pointsEarned)} />}
        </dl>
        <p className="mt-3 border-t border-dashed border-stone-300 pt-2 text-center text-xs">
          Merci de votre confiance !
        </p>
      </article>
    </div>
  )
}
