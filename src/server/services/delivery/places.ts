import { eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AdminCity, AdminCountry, AdminZone } from '@/shared/schemas/places'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Executor } from '@/server/db/client'
import { cities, countries, zones } from '@/server/db/schema'
import { conflict, isUniqueViolation, notFound } from '@/server/http/errors'
import { assertInScope } from '../scope'

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
