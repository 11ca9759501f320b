import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { countries, productCategories, productPhotos, products } from '../db/schema'

/** A product as the storefront shows it (`publicProduct`, src/shared/schemas/storefront.ts). */
const publicProductColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  imageUrl: products.imageUrl,
  photo: { key: productPhotos.key, width: productPhotos.width, height: productPhotos.height },
  pricePerUnit: products.pricePerUnit,
  unitType: products.unitType,
  minQuantity: products.minQuantity,
  categoryId: products.categoryId,
  isActive: products.isActive,
  isFeatured: products.isFeatured,
  countryId: products.countryId,
  countryName: countries.name,
  createdAt: products.createdAt,
  categoryName: productCategories.name,
}

/**
 * Active products, not archived, of an active country: what a visitor may see; of one country
 * only with `countryId` (docs/rules.md#catalogue), none for a country unknown or inactive.
 */
export function publicProducts(db: Executor, countryId?: number) {
  return db
    .select(publicProductColumns)
    .from(products)
    .innerJoin(countries, eq(countries.id, products.countryId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(productPhotos, eq(productPhotos.key, products.photoKey))
    .where(
      and(
        eq(products.isActive, true),
        isNull(products.archivedAt),
        eq(countries.isActive, true),
        countryId === undefined ? undefined : eq(products.countryId, countryId),
      ),
    )
    .$dynamic()
}

/** The category as an object ({ id, name } or null). */
export function toPublicProduct<T extends { categoryId: number | null; categoryName: string | null }>({
  categoryName,
  ...row
}: T) {
  return {
    ...row,
    category:
      row.categoryId != null && categoryName != null ? { id: row.categoryId, name: categoryName } : null,
  }
}
