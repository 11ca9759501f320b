import { and, eq, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { AdminCity, AdminCountry, AdminZone } from '@/shared/schemas/places'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Executor } from '@/server/db/client'
import { cities, countries, zones } from '@/server/db/schema'
import { conflict, isUniqueViolation, notFound } from '@/server/http/errors'
import { assertInScope } from '../scope'

/*
 * An active place (docs/rules/delivery.md#places): a country whose flag is on; a city whose flag
 * is on, in an active country; a zone whose flag is on, in an active city. The one condition the
 * storefront (products of active countries), the checkout's lists (countries, cities, zones), the
 * delivery terms and the saved addresses ask. Each takes its tables, or their aliases, joined by
 * the caller.
 */
type Place = { isActive: AnyPgColumn }

export function activeCountry(country: Place = countries): SQL {
  return sql`${country.isActive}`
}

export function activeCity(city: Place = cities, country: Place = countries): SQL {
  return and(sql`${city.isActive}`, activeCountry(country))!
}

export function activeZone(zone: Place = zones, city: Place = cities, country: Place = countries): SQL {
  return and(sql`${zone.isActive}`, activeCity(city, country))!
}

export const countryNotFound = 'Pays introuvable.'
const cityNotFound = 'Ville introuvable.'
const zoneNotFound = 'Zone introuvable.'

export const countryColumns = {
  id: countries.id,
  name: countries.name,
  code: countries.code,
  currency: countries.currency,
  dialCode: countries.dialCode,
  mobileMoneyProviders: countries.mobileMoneyProviders,
  timeZone: countries.timeZone,
  isActive: countries.isActive,
  shopPhone: countries.shopPhone,
  shopWhatsapp: countries.shopWhatsapp,
  halalStatement: countries.halalStatement,
  confirmAbove: countries.confirmAbove,
  createdAt: countries.createdAt,
}

export const cityColumns = {
  id: cities.id,
  name: cities.name,
  isActive: cities.isActive,
  createdAt: cities.createdAt,
  countryId: cities.countryId,
  country: { id: countries.id, name: countries.name },
}

export const zoneCountries = alias(countries, 'zone_country')
const zoneColumns = {
  id: zones.id,
  name: zones.name,
  isActive: zones.isActive,
  createdAt: zones.createdAt,
  cityId: zones.cityId,
  deliveryFee: zones.deliveryFee,
  minOrderAmount: zones.minOrderAmount,
  freeDeliveryFrom: zones.freeDeliveryFrom,
  city: { id: cities.id, name: cities.name },
  country: { id: zoneCountries.id, name: zoneCountries.name },
}

/** Zones with their city and country: add where, order and paging to it. */
export const selectZones = (db: Executor) =>
  db
    .select(zoneColumns)
    .from(zones)
    .innerJoin(cities, eq(cities.id, zones.cityId))
    .innerJoin(zoneCountries, eq(zoneCountries.id, cities.countryId))

type ZoneRow = Awaited<ReturnType<ReturnType<typeof selectZones>['execute']>>[number]

/** A zone as answered: zone { city { name, country { name } } } (src/shared/schemas/places.ts). */
export const toAdminZone = ({ country, city, ...zone }: ZoneRow): AdminZone => ({
  ...zone,
  city: { ...city, country },
})

export async function findCountry(db: Executor, id: number): Promise<AdminCountry> {
  const [row] = await db.select(countryColumns).from(countries).where(eq(countries.id, id)).limit(1)
  if (!row) throw notFound(countryNotFound)
  return row
}

/** A city the caller may act on; outside its country: 404, as absent. */
export async function findCityInScope(db: Executor, user: SessionUser, id: number): Promise<AdminCity> {
  const [row] = await db
    .select(cityColumns)
    .from(cities)
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(cities.id, id))
    .limit(1)
  if (!row) throw notFound(cityNotFound)
  assertInScope(user, row.countryId, cityNotFound)
  return row
}

export async function findZoneInScope(db: Executor, user: SessionUser, id: number): Promise<AdminZone> {
  const [row] = await selectZones(db).where(eq(zones.id, id)).limit(1)
  if (!row) throw notFound(zoneNotFound)
  assertInScope(user, row.country.id, zoneNotFound)
  return toAdminZone(row)
}

/** Runs an insert or update; a unique name (or code) already taken answers 409 with `message`. */
export async function uniquely<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(message)
    throw e
  }
}
