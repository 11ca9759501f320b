import { sql, type SQL } from 'drizzle-orm'

/**
 * A product's offered preparations as a JSON array of `PreparationOffer`, the default first then
 * the country's order: the storefront, the back-office and the checkout's look read them so.
 */
export const offersOf = (productId: SQL) => sql`coalesce((
  select json_agg(json_build_object('id', pr.id, 'name', pr.name, 'price', pp.price, 'isDefault', pp.is_default)
    order by pp.is_default desc, pr.position, pr.id)
  from product_preparations pp join preparations pr on pr.id = pp.preparation_id
  where pp.product_id = ${productId}), '[]'::json)`
