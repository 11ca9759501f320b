/** The :orderId of a client's order page; null when it is not a positive integer. */
export const parseOrderId = (raw: string | undefined) =>
  raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
