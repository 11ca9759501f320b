import { formatMoney } from '../format'
import { SLOT_CLOSED_MESSAGE, SLOT_FULL_MESSAGE, SLOT_REQUIRED_MESSAGE } from './delivery-slots'
import { minimumOrderMessage } from './pricing'
import { shortfallMessage, stockShortfall, type ProductStock } from './stock'
import type { UnitType } from './units'

/*
 * Whether an order can be placed, as far as three rules go (docs/rules/orders.md#order-readiness):
 * every line in stock today (docs/rules/catalogue.md#stock), the zone's minimum reached
 * (docs/rules/delivery.md#delivery-fees), a slot that takes it (docs/rules/delivery.md#delivery-slots).
 * The one place these rules decide: the cart asks with what it knows (the catalogue's stock, the
 * slots offered), the checkout's checks with what the server just read. The server stays the
 * authority: its write checks stock and slot again and alone decides under a race.
 */

/** The cart's word beside its button while a line is marked (sold out, short, refused). */
export const LINES_TO_FIX_MESSAGE = 'Retirez ou réduisez les articles signalés pour confirmer.'
/** A slot that is none, inactive, or of another city. */
export const SLOT_NOT_FOUND_MESSAGE = 'Créneau de livraison introuvable pour cette ville.'
/** The place typed names no active country, or no active city of it (the cart and the server). */
export const COUNTRY_NOT_FOUND_MESSAGE = 'Pays sélectionné introuvable'
export const CITY_NOT_FOUND_MESSAGE = 'Ville sélectionnée introuvable'

/** A line as the stock rule reads it: its product, the quantity asked, the product's stock today. */
export type StockLine = {
  productId: number
  name: string
  unitType: UnitType
  quantity: number
  stock: ProductStock
}

/** A product its lines together ask more of than today's stock gives. */
export type StockReason = {
  rule: 'stock'
  code: 'sold_out' | 'short'
  message: string
  status: 409
  productId: number
  /** The product's lines (indexes in the lines given), the first the one a refusal names. */
  lines: number[]
  /** What is left today when short; null when sold out. */
  left: number | null
}

/** The zone's minimum not reached by the subtotal (before any discount). */
export type MinimumReason = { rule: 'minimum'; code: 'below_minimum'; message: string; status: 400 }

/** The slot the order would take, refused. */
export type SlotReason = {
  rule: 'slot'
  code: 'slot_required' | 'slot_not_found' | 'slot_closed' | 'slot_full'
  message: string
  /** 409 for a full slot (clients race for its last place), 400 otherwise. */
  status: 400 | 409
}

export type ReadinessReason = StockReason | MinimumReason | SlotReason

/**
 * What is known of the slot: whether the city has active slots (then the order takes one), and
 * the slot chosen, if any: found (active, of the order's city), open (on an offered day, before
 * its cut-off: not past, `etal_slot_open`) and full (its places all taken that day).
 */
export type SlotFacts = {
  cityHasSlots: boolean
  chosen: { found: boolean; open: boolean; full: boolean } | null
}

/** The zone's name and minimum order (null: none). */
export type ZoneMinimum = { name: string; minOrderAmount: number | null }

/**
 * The stock rule: each product's lines taken together ask no more than is left today, and none
 * is sold out. One reason per product at fault, in the order of its first line.
 */
export function stockReasons(lines: readonly StockLine[]): StockReason[] {
  const byProduct = new Map<number, { line: StockLine; lines: number[]; wanted: number }>()
  lines.forEach((line, i) => {
    const seen = byProduct.get(line.productId)
    if (seen) {
      seen.lines.push(i)
      seen.wanted += line.quantity
    } else byProduct.set(line.productId, { line, lines: [i], wanted: line.quantity })
  })
  const reasons: StockReason[] = []
  for (const { line, lines: at, wanted } of byProduct.values()) {
    const shortfall = stockShortfall(line.stock, wanted)
    if (!shortfall) continue
    reasons.push({
      rule: 'stock',
      code: shortfall.kind,
      message: shortfallMessage(line.name, line.unitType, shortfall),
      status: 409,
      productId: line.productId,
      lines: at,
      left: shortfall.kind === 'short' ? shortfall.left : null,
    })
  }
  return reasons
}

/** The minimum rule: a zone's minimum is reached by the subtotal before any discount. */
export function minimumReason(subtotal: number, zone: ZoneMinimum | null): MinimumReason | null {
  const minimum = zone?.minOrderAmount
  if (zone == null || minimum == null || subtotal >= minimum) return null
  return {
    rule: 'minimum',
    code: 'below_minimum',
    message: minimumOrderMessage(zone.name, formatMoney(minimum)),
    status: 400,
  }
}

/**
 * The slot rule: a city with active slots needs one; the one chosen is found, open and not full.
 * A city without slots takes orders without one.
 */
export function slotReason(slot: SlotFacts): SlotReason | null {
  const refuse = (code: SlotReason['code'], message: string, status: 400 | 409 = 400): SlotReason => ({
    rule: 'slot',
    code,
    message,
    status,
  })
  const { chosen } = slot
  if (!chosen) return slot.cityHasSlots ? refuse('slot_required', SLOT_REQUIRED_MESSAGE) : null
  if (!chosen.found) return refuse('slot_not_found', SLOT_NOT_FOUND_MESSAGE)
  if (!chosen.open) return refuse('slot_closed', SLOT_CLOSED_MESSAGE)
  if (chosen.full) return refuse('slot_full', SLOT_FULL_MESSAGE, 409)
  return null
}

/** Everything the three rules read. */
export type ReadinessFacts = {
  /** The sum of the line totals, before any discount or points (docs/rules/money.md#pricing). */
  subtotal: number
  /** The zone chosen; null: none yet (no minimum applies). */
  zone: ZoneMinimum | null
  slot: SlotFacts
  lines: readonly StockLine[]
}

export type OrderReadiness = {
  stock: StockReason[]
  minimum: MinimumReason | null
  slot: SlotReason | null
  /** Every reason, stock first, then the minimum, then the slot: empty when the order can go. */
  reasons: ReadinessReason[]
}

/** What stops the order, by rule (docs/rules/orders.md#order-readiness). */
export function orderReadiness(facts: ReadinessFacts): OrderReadiness {
  const stock = stockReasons(facts.lines)
  const minimum = minimumReason(facts.subtotal, facts.zone)
  const slot = slotReason(facts.slot)
  return { stock, minimum, slot, reasons: [...stock, ...(minimum ? [minimum] : []), ...(slot ? [slot] : [])] }
}
