/**
 * The drivers' cash (docs/rules/money.md#drivers-cash): every order is paid in cash on delivery, and
 * each driver's cash is a ledger that is only appended to. An entry's `amount` is what it does
 * to the driver's balance (the cash the driver holds for the shop): a collection adds what the
 * driver took, a handover ("remise") takes away what the driver handed over, a correction adds
 * or takes away, with its reason. The balance is the sum of the entries, nothing else.
 */
export const cashEntryTypes = ['collected', 'handover', 'correction'] as const
export type CashEntryType = (typeof cashEntryTypes)[number]

export const cashEntryLabels: Record<CashEntryType, string> = {
  collected: 'Encaissement',
  handover: 'Remise',
  correction: 'Correction',
}

/** The largest amount of one entry (an order's total is at most 50 000 000 F; a handover may gather many). */
export const MAX_CASH_AMOUNT = 1_000_000_000

/**
 * What a driver collects by default on confirming an order: its total, less what was already
 * collected for it (an order moved back by staff and delivered again is not paid twice).
 */
export const cashDueFor = (totalAmount: number, alreadyCollected: number) =>
  Math.max(0, totalAmount - alreadyCollected)

/** The message of a collected amount that differs from the amount due without a reason. */
export const cashReasonMessage = (due: string) =>
  `Indiquez la raison de la différence avec le montant dû (${due}).`

/** Whether a collection needs a reason: its amount is not the amount due, and none is given. */
export const collectionNeedsReason = (amount: number, due: number, reason: string | null | undefined) =>
  amount !== due && !reason?.trim()

/**
 * A handover's difference ("écart"): what was handed over less what the driver held. Negative:
 * the driver handed over less (the rest stays in its balance, still owed); positive: more (its
 * balance goes below zero: the shop holds that much of the driver's).
 */
export const ecartOf = (handedOver: number, heldBefore: number) => handedOver - heldBefore
