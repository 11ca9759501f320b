import { formatMoney } from '../format'
import type { UnitType } from './units'

// Preparations per line (docs/rules/catalogue.md#preparations, docs/rules/orders.md#preparations,
// decision 0051): how the client wants its meat cut; the same product with two preparations is
// two lines.

/** The list every country starts with (the trigger of migration 0028 writes it, in this order). */
export const DEFAULT_PREPARATIONS = [
  'Entier',
  'Découpé en morceaux',
  'Haché',
  'En cubes',
  'Désossé',
  'Tranché',
  'Nettoyé / vidé',
  'Mariné',
] as const

/** A preparation a product offers: free (0) or its price per unit of the product (kg or piece). */
export type PreparationOffer = { id: number; name: string; price: number; isDefault: boolean }

/** The offer a new line starts with: the product's default, else none. */
export const defaultPreparationOf = (offers: readonly PreparationOffer[] | undefined) =>
  offers?.find((o) => o.isDefault) ?? null

/** "/kg" or "/pièce": what a preparation's price is per, following the product's unit. */
export const perUnit = (unitType: UnitType | string) => (unitType === 'kg' ? '/kg' : '/pièce')

/** 'Haché', 'Découpé en morceaux (+500 F CFA/kg)': an offer as a picker lists it. */
export const offerLabel = (offer: { name: string; price: number }, unitType: UnitType | string) =>
  offer.price > 0 ? `${offer.name} (+${formatMoney(offer.price)}${perUnit(unitType)})` : offer.name

/** What a country's list refuses, in French. */
export const PREPARATION_NAME_MAX = 60
export const preparationNameTaken = 'Cette préparation existe déjà dans ce pays.'

/** The refusal of a preparation the product does not offer (checkout, 400). */
export const preparationNotOffered = (product: string) =>
  `La préparation choisie n'est pas (ou plus) proposée pour « ${product} » : choisissez-en une autre.`

type LineWithPreparation = { productName: string; preparationName?: string | null }

/**
 * 'Gigot de mouton — Découpé en morceaux': a line's product and its preparation as the order
 * keeps them, the one way every list, message and export names a line.
 */
export const lineName = (l: LineWithPreparation) =>
  l.preparationName ? `${l.productName} — ${l.preparationName}` : l.productName

/** 'Découpé en morceaux (+300 F CFA/kg)': a line's preparation with its price, or null without one. */
export const linePreparationText = (l: {
  preparationName?: string | null
  preparationPrice?: number
  unitType: UnitType | string
}) =>
  l.preparationName
    ? offerLabel({ name: l.preparationName, price: l.preparationPrice ?? 0 }, l.unitType)
    : null
