import { formatQuantity } from '../format'
import type { UnitType } from './units'

/**
 * What is in stock (docs/rules/catalogue.md#stock): the same rules for the server, which enforces them,
 * and the storefront and cart, which show them.
 */

/** A product's stock as the storefront shows it: sold out, and what is left today when counted. */
export type ProductStock = { soldOut: boolean; left: number | null }

/** How staff mark a product out of stock: not at all, for the country's day, until further notice. */
export const outOfStockChoices = ['no', 'today', 'until_further_notice'] as const
export type OutOfStockChoice = (typeof outOfStockChoices)[number]

/** From this much left (kg or pieces) down, the storefront says what is left. */
export const LOW_STOCK = 5

/** What the card says is left, when it is low enough to say (null otherwise). */
export const lowStockLeft = (stock: ProductStock) =>
  !stock.soldOut && stock.left !== null && stock.left <= LOW_STOCK ? stock.left : null

export const soldOutMessage = (name: string) => `« ${name} » est épuisé.`

export const shortMessage = (name: string, left: number, unitType: UnitType) =>
  `Il ne reste que ${formatQuantity(left, unitType)} de « ${name} » aujourd'hui.`

/** Why a quantity of a product cannot be ordered today, or null when it can. */
export function stockShortfall(
  stock: ProductStock,
  quantity: number,
): { kind: 'sold_out' } | { kind: 'short'; left: number } | null {
  if (stock.soldOut) return { kind: 'sold_out' }
  if (stock.left !== null && quantity > stock.left + 1e-9) return { kind: 'short', left: stock.left }
  return null
}

/** The French text of a shortfall, naming the product. */
export function shortfallMessage(
  name: string,
  unitType: UnitType,
  shortfall: NonNullable<ReturnType<typeof stockShortfall>>,
) {
  return shortfall.kind === 'sold_out' ? soldOutMessage(name) : shortMessage(name, shortfall.left, unitType)
}
