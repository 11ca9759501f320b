import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { SessionUser } from '@/shared/schemas/auth'
import { preparationNameTaken } from '@/shared/domain/preparations'
import type { ProductPreparations } from '@/shared/schemas/products'
import type { Executor } from '@/server/db/client'
import { preparations, productPreparations } from '@/server/db/schema'
import { badRequest, notFound } from '@/server/http/errors'
import { uniquely } from '../delivery/places'
import { productCountryFor } from './products'
import { assertInScope } from '../scope'

/*
 * Preparations (docs/rules/catalogue.md#preparations): each country keeps its list; a product
 * offers some of them, each free or with its price per unit of the product, one the default.
 * The checkout prices the one a line asks for (services/orders/checkout/pricing.ts).
 */

const preparationNotFound = 'Préparation introuvable.'

const viewColumns = {
  id: preparations.id,
  countryId: preparations.countryId,
  name: preparations.name,
  position: preparations.position,
  products:
    sql<number>`(select count(*) from product_preparations pp where pp.preparation_id = ${preparations.id})`.mapWith(
      Number,
    ),
}

/** A country's list, in its order. */
export async function listPreparations(db: Executor, countryId: number) {
  return db
    .select(viewColumns)
    .from(preparations)
    .where(eq(preparations.countryId, countryId))
    .orderBy(asc(preparations.position), asc(preparations.id))
}

/** A preparation the caller may edit: another country's answers 404, as absent. */
async function findInScope(db: Executor, user: SessionUser, id: number) {
  const [row] = await db.select(viewColumns).from(preparations).where(eq(preparations.id, id))
  if (!row) throw notFound(preparationNotFound)
  assertInScope(user, row.countryId, preparationNotFound)
  return row
}

export async function createPreparation(
  db: Executor,
  user: SessionUser,
  input: { countryId?: number | undefined; name: string },
) {
  const countryId = await productCountryFor(db, user, input.countryId)
  const [row] = await uniquely(preparationNameTaken, () =>
    db
      .insert(preparations)
      .values({
        countryId,
        name: input.name,
        position: sql`(select coalesce(max(position), 0) + 1 from preparations where country_id = ${countryId})`,
      })
      .returning({ id: preparations.id }),
  )
  return findInScope(db, user, row!.id)
}

export async function renamePreparation(db: Executor, user: SessionUser, id: number, name: string) {
  await findInScope(db, user, id)
  await uniquely(preparationNameTaken, () =>
    db.update(preparations).set({ name }).where(eq(preparations.id, id)),
  )
  return findInScope(db, user, id)
}

/**
 * Removes it from the list and from every product that offered it; orders keep its name and
 * price as they were (order_items' snapshot, decision 0051).
 */
export async function deletePreparation(db: Executor, user: SessionUser, id: number) {
  await findInScope(db, user, id)
  await db.delete(preparations).where(eq(preparations.id, id))
}

/**
 * The offers asked for a product of this country: each preparation of the country's list, else
 * 400 (checked before anything is written).
 */
export async function assertCountryPreparations(
  db: Executor,
  countryId: number,
  offers: ProductPreparations | undefined,
) {
  const ids = (offers ?? []).map((o) => o.preparationId)
  if (ids.length === 0) return
  const found = await db
    .select({ id: preparations.id })
    .from(preparations)
    .where(and(inArray(preparations.id, ids), eq(preparations.countryId, countryId)))
  if (found.length !== ids.length) {
    const message = 'Une préparation choisie n’est pas de la liste du pays du produit.'
    throw badRequest(message, { preparations: [message] })
  }
}

/** Sets what a product offers, replacing what it offered (checked by `assertCountryPreparations`). */
export async function writeProductPreparations(db: Executor, productId: number, offers: ProductPreparations) {
  await db.delete(productPreparations).where(eq(productPreparations.productId, productId))
  if (offers.length > 0)
    await db.insert(productPreparations).values(
      offers.map((o) => ({
        productId,
        preparationId: o.preparationId,
        price: o.price,
        isDefault: o.isDefault ?? false,
      })),
    )
}

/** A product moved to another country offers none of its former country's preparations. */
export async function dropOtherCountriesOffers(
  db: Executor,
  productIds: readonly number[],
  countryId: number,
) {
  if (productIds.length === 0) return
  await db
    .delete(productPreparations)
    .where(
      and(
        inArray(productPreparations.productId, [...productIds]),
        inArray(
          productPreparations.preparationId,
          db.select({ id: preparations.id }).from(preparations).where(ne(preparations.countryId, countryId)),
        ),
      ),
    )
}
