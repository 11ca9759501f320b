import { and, asc, eq, sql } from 'drizzle-orm'
import type { SessionUser } from '@/shared/schemas/auth'
import type { ShopView } from '@/shared/schemas/shops'
import type { z } from '@/shared/schemas/zod'
import type { createShopInput, updateShopInput } from '@/shared/schemas/shops'
import type { Executor } from '@/server/db/client'
import { byName } from '@/server/db/queries'
import { cities, countries, shops } from '@/server/db/schema'
import { notFound } from '@/server/http/errors'
import { phoneOrRefuse } from '../people/phones'
import { assertInScope, scopeCountryId } from '../scope'
import { findCityInScope } from './places'

/*
 * A country's shops, where clients collect their orders (docs/rules/pickup.md#shops): staff of the
 * country (root anywhere, a super admin in its own) keep them; the checkout offers the active
 * shops of an active city.
 */

const SHOP_NOT_FOUND = 'Boutique introuvable.'

const shopColumns = {
  id: shops.id,
  countryId: shops.countryId,
  cityId: shops.cityId,
  cityName: cities.name,
  name: shops.name,
  address: shops.address,
  latitude: shops.latitude,
  longitude: shops.longitude,
  hours: shops.hours,
  phone: shops.phone,
  isActive: shops.isActive,
}

const selectShops = (db: Executor) =>
  db.select(shopColumns).from(shops).innerJoin(cities, eq(cities.id, shops.cityId)).$dynamic()

const toView = (r: ShopView): ShopView => ({
  ...r,
  latitude: r.latitude == null ? null : Number(r.latitude),
  longitude: r.longitude == null ? null : Number(r.longitude),
})

/** Staff's list: root every country's, a super admin or admin its own. */
export async function adminShops(db: Executor, user: SessionUser) {
  const scope = scopeCountryId(user)
  const rows = await selectShops(db)
    .where(scope === null ? undefined : eq(shops.countryId, scope))
    .orderBy(...byName(cities.name), ...byName(shops.name), asc(shops.id))
  return rows.map(toView)
}

/** The checkout's: the active shops of a city, while the city and its country are active. */
export async function cityShops(db: Executor, cityId: number) {
  const rows = await selectShops(db)
    .innerJoin(countries, eq(countries.id, shops.countryId))
    .where(
      and(
        eq(shops.cityId, cityId),
        eq(shops.isActive, true),
        eq(cities.isActive, true),
        eq(countries.isActive, true),
      ),
    )
    .orderBy(...byName(shops.name), asc(shops.id))
  return rows.map(toView)
}

/** A shop the caller may act on; another country's answers 404, as absent. */
export async function findShopInScope(db: Executor, user: SessionUser, id: number) {
  const [row] = await selectShops(db).where(eq(shops.id, id))
  if (!row) throw notFound(SHOP_NOT_FOUND)
  assertInScope(user, row.countryId, SHOP_NOT_FOUND)
  return toView(row)
}

async function countryCode(db: Executor, countryId: number) {
  const [c] = await db.select({ code: countries.code }).from(countries).where(eq(countries.id, countryId))
  return c?.code ?? ''
}

export async function createShop(db: Executor, user: SessionUser, input: z.output<typeof createShopInput>) {
  const city = await findCityInScope(db, user, input.cityId)
  const phone = input.phone && phoneOrRefuse(input.phone, await countryCode(db, city.countryId), 'phone')
  const [row] = await db
    .insert(shops)
    .values({
      countryId: city.countryId,
      cityId: city.id,
      name: input.name,
      address: input.address,
      latitude: input.latitude,
      longitude: input.longitude,
      hours: input.hours.trim(),
      phone: phone || null,
      isActive: input.isActive ?? true,
    })
    .returning({ id: shops.id })
  return findShopInScope(db, user, row!.id)
}

export async function updateShop(db: Executor, user: SessionUser, input: z.output<typeof updateShopInput>) {
  const shop = await findShopInScope(db, user, input.id)
  const phone = input.phone && phoneOrRefuse(input.phone, await countryCode(db, shop.countryId), 'phone')
  await db
    .update(shops)
    .set({
      name: input.name,
      address: input.address,
      latitude: input.latitude,
      longitude: input.longitude,
      hours: input.hours.trim(),
      phone: phone || null,
      isActive: input.isActive ?? shop.isActive,
      updatedAt: sql`now()`,
    })
    .where(eq(shops.id, shop.id))
  return findShopInScope(db, user, shop.id)
}
