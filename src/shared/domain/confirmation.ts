/**
 * docs/rules/confirmation.md#confirmation: an order paid at the door and risky waits for its
 * client's word before preparation, until it is confirmed (by phone or by the client).
 */
export const waitsForClient = (order: { needsConfirmation: boolean; confirmedAt: Date | string | null }) =>
  order.needsConfirmation && order.confirmedAt == null
