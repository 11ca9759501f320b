import { and, desc, eq, sql } from 'drizzle-orm'
import { ADDRESS_NOT_FOUND, closedReason, MAX_ADDRESSES, TOO_MANY_ADDRESSES } from '@/shared/domain/addresses'
import type { AddressView, addressInput } from '@/shared/schemas/addresses'
import type { SessionUser } from '@/shared/schemas/auth'
import type { z } from '@/shared/schemas/zod'
import type { Db, Executor } from '@/server/db/client'
import { cities, countries, deliveryAddresses, zones } from '@/server/db/schema'
import { badRequest, HttpError, notFound } from '@/server/http/errors'
import { activeCity } from '@/server/services/delivery/places'
import { phoneOrRefuse } from './phones'

/*
 * A client's saved delivery addresses (docs/rules/people.md#delivery-addresses). Every read and
 * write names the caller's id: another client's address answers 404, as one that does not exist.
 */

type AddressFields = z.output<typeof addressInput>

const columns = {
  id: deliveryAddresses.id,
  label: deliveryAddresses.label,
  countryId: cities.countryId,
  cityId: deliveryAddresses.cityId,
  cityName: cities.name,
  zoneId: deliveryAddresses.zoneId,
  zoneName: zones.name,
  address: deliveryAddresses.address,
  landmark: deliveryAddresses.landmark,
  secondPhone: deliveryAddresses.secondPhone,
  latitude: deliveryAddresses.latitude,
  longitude: deliveryAddresses.longitude,
  lastUsedAt: deliveryAddresses.lastUsedAt,
  zoneActive: zones.isActive,
  cityActive: cities.isActive,
  countryActive: countries.isActive,
}

const selectAddresses = (db: Executor) =>
  db
    .select(columns)
    .from(deliveryAddresses)
    .innerJoin(cities, eq(cities.id, deliveryAddresses.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .innerJoin(zones, eq(zones.id, deliveryAddresses.zoneId))

type Row = Awaited<ReturnType<ReturnType<typeof selectAddresses>['execute']>>[number]

const toView = (user: SessionUser, { zoneActive, cityActive, countryActive, ...row }: Row): AddressView => ({
  ...row,
  closedReason: closedReason({
    zoneName: row.zoneName,
    zoneActive,
    cityName: row.cityName,
    cityActive,
    countryActive,
    ownCountry: row.countryId === user.countryId,
  }),
})

/** The caller's addresses, the last used first, then the newest. */
export async function listAddresses(db: Executor, user: SessionUser): Promise<AddressView[]> {
  const rows = await selectAddresses(db)
    .where(eq(deliveryAddresses.userId, user.id))
    .orderBy(sql`${deliveryAddresses.lastUsedAt} desc nulls last`, desc(deliveryAddresses.id))
  return rows.map((r) => toView(user, r))
}

/** One address of the caller's; another's, or none, answers 404. */
export async function findOwnAddress(db: Executor, user: SessionUser, id: number): Promise<AddressView> {
  const [row] = await selectAddresses(db).where(
    and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.userId, user.id)),
  )
  if (!row) throw notFound(ADDRESS_NOT_FOUND)
  return toView(user, row)
}

const field = (name: string, message: string) => badRequest(message, { [name]: [message] })

/**
 * The address's place as the checkout would take it: a city of the caller's country, active,
 * and an active zone of that city (docs/rules/delivery.md#places); its second phone read by the
 * phone rule in that country. Returns the values to store.
 */
async function checkedValues(db: Executor, user: SessionUser, input: AddressFields) {
  if (user.countryId == null) throw new HttpError(400, 'COUNTRY_NOT_SET', "Pays de l'utilisateur non défini")
  const [place] = await db
    .select({
      countryId: cities.countryId,
      /** The city active, and its country. */
      cityActive: sql<boolean>`${activeCity()}`,
      code: countries.code,
      zoneCityId: zones.cityId,
      zoneActive: zones.isActive,
    })
    .from(cities)
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .leftJoin(zones, eq(zones.id, input.zoneId))
    .where(eq(cities.id, input.cityId))
  if (!place || place.countryId !== user.countryId || !place.cityActive)
    throw field('cityId', 'Ville sélectionnée introuvable')
  if (place.zoneCityId !== input.cityId || !place.zoneActive)
    throw field('zoneId', 'Zone de livraison introuvable ou inactive.')
  return {
    label: input.label,
    cityId: input.cityId,
    zoneId: input.zoneId,
    address: input.address,
    landmark: input.landmark,
    secondPhone: input.secondPhone && phoneOrRefuse(input.secondPhone, place.code, 'secondPhone'),
    latitude: input.latitude,
    longitude: input.longitude,
  }
}

/**
 * Room for one more saved address (docs/rules/people.md#delivery-addresses), or `refusal`: a lock
 * on the client's addresses taken first (held to the end of the caller's transaction), then its
 * addresses counted. Every write that saves an address (the account page's, the checkout's) takes
 * it first, so saves at once wait in turn and each counts the rows of those before it. An
 * advisory lock named by the client's id rather than its row: the checkout's statement locks the
 * day's stock before the user's row, and a save locking the row first could deadlock with an
 * order of the same client.
 */
export async function holdAddressRoom(tx: Executor, userId: number, refusal: () => Error) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('etal_addresses:' || ${userId}::text))`)
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.userId, userId))
  if (Number(n) >= MAX_ADDRESSES) throw refusal()
}

/** Saves a new address, at most MAX_ADDRESSES a client, counted under the lock of holdAddressRoom. */
export async function createAddress(db: Db, user: SessionUser, input: AddressFields) {
  const values = await checkedValues(db, user, input)
  const id = await db.transaction(async (tx) => {
    await holdAddressRoom(tx, user.id, () => badRequest(TOO_MANY_ADDRESSES))
    const [row] = await tx
      .insert(deliveryAddresses)
      .values({ ...values, userId: user.id })
      .returning({ id: deliveryAddresses.id })
    return row!.id
  })
  return findOwnAddress(db, user, id)
}

/** Rewrites one of the caller's addresses; orders placed with it keep what they copied. */
export async function updateAddress(db: Db, user: SessionUser, id: number, input: AddressFields) {
  await findOwnAddress(db, user, id)
  const values = await checkedValues(db, user, input)
  const done = await db
    .update(deliveryAddresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.userId, user.id)))
    .returning({ id: deliveryAddresses.id })
  if (done.length === 0) throw notFound(ADDRESS_NOT_FOUND)
  return findOwnAddress(db, user, id)
}

/** Removes one of the caller's addresses; orders placed with it keep what they copied. */
export async function deleteAddress(db: Db, user: SessionUser, id: number) {
  const done = await db
    .delete(deliveryAddresses)
    .where(and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.userId, user.id)))
    .returning({ id: deliveryAddresses.id })
  if (done.length === 0) throw notFound(ADDRESS_NOT_FOUND)
}
