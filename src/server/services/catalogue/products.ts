import { and, eq, isNull, sql } from 'drizzle-orm'
import type { PreparationOffer } from '@/shared/domain/preparations'
import { offersOf } from './preparation-offers'
import type { SessionUser } from '@/shared/schemas/auth'
import { countryRequired, minQuantityStepError, type AdminProduct } from '@/shared/schemas/products'
import type { UnitType } from '@/shared/domain/units'
import type { Executor } from '@/server/db/client'
import { countries, productCategories, productDailySales, productPhotos, products } from '@/server/db/schema'
import { badRequest, notFound } from '@/server/http/errors'
import { countryNotFound, findCountry } from '../delivery/places'
import { assertInScope, scopeCountryId } from '../scope'
import { stockColumns, stockSettingColumns, todaysSales } from './stock'

const productNotFound = 'Produit introuvable.'

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  imageUrl: products.imageUrl,
  photo: { key: productPhotos.key, width: productPhotos.width, height: productPhotos.height },
  pricePerUnit: products.pricePerUnit,
  unitType: products.unitType,
  minQuantity: products.minQuantity,
  categoryId: products.categoryId,
  category: { id: productCategories.id, name: productCategories.name },
  countryId: products.countryId,
  countryName: countries.name,
  isActive: products.isActive,
  isFeatured: products.isFeatured,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  stock: stockColumns,
  origin: products.origin,
  halal: products.halal,
  slaughterDay: products.slaughterDay,
  ...stockSettingColumns,
  /** docs/rules/catalogue.md#preparations */
  preparations: sql<PreparationOffer[]>`${offersOf(sql`${products.id}`)}`,
}

/** Products that are not archived, with category and country: add where and order to it. */
export const selectProducts = (db: Executor) =>
  db
    .select(productColumns)
    .from(products)
    .innerJoin(countries, eq(countries.id, products.countryId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(productPhotos, eq(productPhotos.key, products.photoKey))
    .leftJoin(productDailySales, todaysSales)

export const notArchived = isNull(products.archivedAt)

/** A product the caller may act on; archived or outside its country: 404, as absent. */
export async function findProductInScope(db: Executor, user: SessionUser, id: number): Promise<AdminProduct> {
  const [row] = await selectProducts(db)
    .where(and(eq(products.id, id), notArchived))
    .limit(1)
  if (!row) throw notFound(productNotFound)
  assertInScope(user, row.countryId, productNotFound)
  return row
}

/**
 * The country a product is saved in: a super_admin's own, whatever it sends (another one
 * answers 404); root must choose one.
 */
export async function productCountryFor(db: Executor, user: SessionUser, countryId: number | undefined) {
  const scope = scopeCountryId(user)
  if (scope !== null) {
    if (countryId !== undefined && countryId !== scope) throw notFound(countryNotFound)
    return scope
  }
  if (countryId === undefined) throw badRequest(countryRequired, { countryId: [countryRequired] })
  return (await findCountry(db, countryId)).id
}

/** Checks the category exists; null or undefined pass. */
export async function assertCategory(db: Executor, categoryId: number | null | undefined) {
  if (categoryId == null) return
  const [row] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.id, categoryId))
    .limit(1)
  if (!row) throw badRequest('Catégorie introuvable.', { categoryId: ['Catégorie introuvable.'] })
}

/** The step rule on the values a product ends with (an update may change only one of them). */
export function assertMinQuantityStep(unitType: UnitType, minQuantity: number) {
  const message = minQuantityStepError(unitType, minQuantity)
  if (message) throw badRequest(message, { minQuantity: [message] })
}
