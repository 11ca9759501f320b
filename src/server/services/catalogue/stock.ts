import { and, eq, sql } from 'drizzle-orm'
import { shortMessage } from '@/shared/domain/stock'
import type { UnitType } from '@/shared/domain/units'
import { executeNamed, type Executor } from '@/server/db/client'
import { countries, productDailySales, products } from '@/server/db/schema'
import { conflict } from '@/server/http/errors'

/*
 * What is in stock (docs/rules/catalogue.md#stock): a product is out of stock until further notice, or for
 * one day of its country, or when today's orders drew its daily quantity down below its minimum.
 * Days are the country's (docs/rules/delivery.md#time-zones): `product_daily_sales` is keyed by them, so
 * a new day starts from nothing without a job.
 */

/** The product's country's day, for a query that joins `countries`. */
export const countryToday = sql`(now() at time zone ${countries.timeZone})::date`

/** Joins the product's row of today's sales (absent: nothing drawn today). */
export const todaysSales = and(
  eq(productDailySales.productId, products.id),
  sql`${productDailySales.day} = ${countryToday}`,
)

const soldToday = sql`coalesce(${productDailySales.sold}, 0)`

/**
 * The storefront's `stock` (`publicProduct`), for a query joining `countries` and `todaysSales`:
 * the rule is the database's (`etal_sold_out`, `etal_stock_left`, src/server/db/functions.sql).
 */
export const stockColumns = {
  soldOut: sql<boolean>`etal_sold_out(${products}, ${countryToday}, ${soldToday})`,
  left: sql<number | null>`etal_stock_left(${products}, ${soldToday})`.mapWith(Number),
}

/** How staff set it (`adminProduct`), for the same query. */
export const stockSettingColumns = {
  outOfStock: sql<
    'today' | 'until_further_notice' | null
  >`case when ${products.outOfStock} then 'until_further_notice'
    when ${products.outOfStockOn} = ${countryToday} then 'today' end`,
  dailyQuantity: products.dailyQuantity,
  soldToday: soldToday.mapWith(Number),
}

/**
 * A cancelled order gives back what its lines drew, to the day they drew from
 * (`order_items.stock_day`). True when something was given back: the storefront changed.
 */
export async function giveBackStock(tx: Executor, orderId: number) {
  const rows = await executeNamed<{ productId: number }>(
    tx,
    'stock_give_back',
    sql`
    update product_daily_sales s set sold = greatest(s.sold - x.qty, 0)
    from (select product_id, stock_day, sum(quantity) as qty from order_items
          where order_id = ${orderId}::int and stock_day is not null group by product_id, stock_day) x
    where s.product_id = x.product_id and s.day = x.stock_day
    returning s.product_id as "productId"`,
  )
  return rows.length > 0
}

type Need = { productId: number; name: string; unitType: UnitType; left: string | number | null }

/**
 * An order leaving 'cancelled' draws again from the days its lines drew from, where there is
 * room: today's row only while the product still has a daily quantity (a past day is over, its
 * count only history). The update's condition is checked on the latest row, under its lock:
 * two orders reactivated at once cannot both take the last kilos. Short: 409, and the
 * transaction rolls back what was drawn. True when something was drawn.
 */
export async function drawStockAgain(tx: Executor, orderId: number) {
  const [row] = await executeNamed<{ drawn: number; wanted: number; short: Need | null }>(
    tx,
    'stock_draw_again',
    sql`
    with x as (
      select i.product_id, i.stock_day, sum(i.quantity) as qty from order_items i
      where i.order_id = ${orderId}::int and i.stock_day is not null group by i.product_id, i.stock_day
    ), d as (
      update product_daily_sales s set sold = s.sold + x.qty
      from x, products p, countries c
      where s.product_id = x.product_id and s.day = x.stock_day and p.id = x.product_id and c.id = p.country_id
        and (p.daily_quantity is null or s.day <> (now() at time zone c.time_zone)::date
             or s.sold + x.qty <= p.daily_quantity)
      returning s.product_id
    )
    select (select count(*) from d)::int as drawn, (select count(*) from x)::int as wanted,
      (select json_build_object('productId', p.id, 'name', p.name, 'unitType', p.unit_type,
          'left', etal_stock_left(p, s.sold))
        from x join products p on p.id = x.product_id
        join product_daily_sales s on s.product_id = x.product_id and s.day = x.stock_day
        where x.product_id not in (select product_id from d) limit 1) as short`,
  )
  if (row && row.drawn < row.wanted && row.short) {
    const { name, unitType, left } = row.short
    throw conflict(
      `Impossible de réactiver cette commande. ${shortMessage(name, Number(left ?? 0), unitType)}`,
    )
  }
  return (row?.drawn ?? 0) > 0
}
