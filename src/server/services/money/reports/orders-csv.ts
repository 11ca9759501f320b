import { sql, type SQL } from 'drizzle-orm'
import { orderStatusBadge, paymentStatusBadge } from '@/shared/domain/order-status'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Executor } from '@/server/db/client'
import { matchingOrders, type Filters } from '@/server/services/orders/order-admin'
import { lineName } from '@/shared/domain/preparations'
import { formatQuantity } from '@/shared/format'
import { BOM, csvLines } from './csv'

/** Orders read and written per statement: some 250 KB of CSV, whatever the number of orders. */
export const EXPORT_BATCH = 1000

const HEADINGS = [
  'N° commande',
  'Date',
  'Fuseau horaire',
  'Client',
  'Téléphone',
  'Pays',
  'Ville',
  'Zone',
  'Adresse',
  'Statut',
  'Paiement',
  'Sous-total (F CFA)',
  'Remise (F CFA)',
  'Remise points (F CFA)',
  // docs/rules/commerce.md#coupons: the code used and its discount on the goods.
  'Code promo',
  'Remise code promo (F CFA)',
  'Frais de livraison (F CFA)',
  'Total (F CFA)',
  'Livreur',
  // docs/rules/orders.md#preparations: each line, its quantity and its preparation.
  'Articles',
]

type Row = {
  id: number
  at: string
  local: string
  time_zone: string
  customer_name: string
  delivery_phone: string
  delivery_country: string
  delivery_city: string
  zone_name: string
  delivery_address: string
  status: string
  payment_status: string
  subtotal_amount: number
  discount_amount: number
  points_discount_amount: number
  coupon_code: string | null
  coupon_discount: number
  delivery_fee_amount: number
  total_amount: number
  driver: string | null
  items: { productName: string; preparationName: string | null; quantity: number; unitType: string }[] | null
}

/** '1,5 kg Gigot de mouton — Découpé en morceaux ; 2 unités Poulet fermier entier' */
const itemsText = (items: Row['items']) =>
  (items ?? []).map((i) => `${formatQuantity(Number(i.quantity), i.unitType)} ${lineName(i)}`).join(' ; ')

/**
 * The orders the staff list shows for these filters, every one of them, newest first, as CSV
 * text in pieces (docs/rules/money.md#reports): the list's own filters (matchingOrders), read
 * EXPORT_BATCH at a time after the last one read (created_at, id), so that memory holds one
 * batch whatever the number of orders. Dates are in the order's country's time zone, named
 * in a column; amounts are whole francs.
 */
export async function ordersCsv(db: Executor, user: SessionUser, filters: Filters) {
  // Resolved before the first byte is sent: a refusal is still a French 4xx, not a cut file.
  const matching = await matchingOrders(db, user, filters)
  return pieces(db, matching)
}

async function* pieces(db: Executor, matching: SQL | null): AsyncGenerator<string> {
  yield BOM + csvLines([HEADINGS])
  if (!matching) return
  let after: { at: string; id: number } | null = null
  for (;;) {
    // The cursor is the text of created_at, microseconds included (a JS Date would lose them).
    const where: SQL = after
      ? sql`where (m.created_at, m.id) < (${after.at}::timestamptz, ${after.id})`
      : sql``
    const result: unknown = await db.execute(sql`
      select o.id, k.created_at::text as at,
        to_char(o.created_at at time zone c.time_zone, 'DD/MM/YYYY HH24:MI') as local, c.time_zone,
        o.customer_name, o.delivery_phone, o.delivery_country, o.delivery_city, o.zone_name,
        o.delivery_address, o.status::text as status, o.payment_status::text as payment_status,
        o.subtotal_amount, o.discount_amount, o.points_discount_amount, o.coupon_code, o.coupon_discount, o.delivery_fee_amount,
        o.total_amount, d.display_name as driver,
        (select json_agg(json_build_object('productName', i.product_name, 'preparationName', i.preparation_name,
          'quantity', coalesce(i.weighed_quantity, i.quantity), 'unitType', i.unit_type) order by i.id)
          from order_items i where i.order_id = o.id) as items
      from (select m.id, m.created_at from (${matching}) m ${where}
            order by m.created_at desc, m.id desc limit ${EXPORT_BATCH}) k
      join orders o on o.id = k.id
      join countries c on c.id = o.country_id
      left join users d on d.id = o.delivery_driver_id
      order by k.created_at desc, k.id desc`)
    const rows: Row[] = (result as { rows: Row[] }).rows
    if (rows.length === 0) return
    yield csvLines(
      rows.map((r) => [
        Number(r.id),
        r.local,
        r.time_zone,
        r.customer_name,
        r.delivery_phone,
        r.delivery_country,
        r.delivery_city,
        r.zone_name,
        r.delivery_address,
        orderStatusBadge(r.status).label,
        paymentStatusBadge(r.payment_status).label,
        Number(r.subtotal_amount),
        Number(r.discount_amount),
        Number(r.points_discount_amount),
        r.coupon_code,
        Number(r.coupon_discount),
        Number(r.delivery_fee_amount),
        Number(r.total_amount),
        r.driver,
        itemsText(r.items),
      ]),
    )
    if (rows.length < EXPORT_BATCH) return
    const last: Row = rows[rows.length - 1]!
    after = { at: last.at, id: Number(last.id) }
  }
}
