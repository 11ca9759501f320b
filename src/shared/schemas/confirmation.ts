// docs/rules/confirmation.md: the client's confirmation before the knife, and refusals at the door.
import { REFUSAL_REASON_REQUIRED, refusalReasonKeys } from '../domain/door-refusals'
import { fulfilments } from '../domain/pickup'
import { unitTypes } from '../domain/units'
import { text } from './common'
import { orderId } from './orders'
import { z } from './zod'

/** POST /_api/admin/orders/confirm-by-phone: staff called the client, who confirmed. */
export const confirmByPhoneInput = z.strictObject({ orderId: orderId() })

/** GET /_api/admin/orders/phone-record: the delivery phone's delivered orders and refusals. */
export const phoneRecordQuery = z.strictObject({ orderId: orderId() })
export const phoneRecordAnswer = z.strictObject({
  phone: z.string(),
  delivered: z.number(),
  refused: z.number(),
})
export type PhoneRecord = z.infer<typeof phoneRecordAnswer>

/** POST /_api/delivery/refuse: the driver's "Refusé à la porte", a reason required. */
export const refuseAtDoorInput = z.strictObject({
  orderId: orderId(),
  reason: z.enum(refusalReasonKeys, { error: REFUSAL_REASON_REQUIRED }),
  note: text(200).optional(),
})
export type RefuseAtDoorInput = z.input<typeof refuseAtDoorInput>

// ---- The client's confirmation (docs/rules/confirmation.md#confirmation) --------------------

export const CONFIRM_TOKEN_INVALID = 'Ce lien de confirmation n’est pas valide.'
/** A confirmation link's token: what the server gave, 43 characters of base64url. */
export const confirmToken = z
  .string({ error: CONFIRM_TOKEN_INVALID })
  .regex(/^[A-Za-z0-9_-]{43}$/, CONFIRM_TOKEN_INVALID)

/** GET /_api/orders/confirm-link and POST /_api/orders/confirm: whoever holds the SMS link. */
export const confirmLinkInput = z.strictObject({ token: confirmToken })

/**
 * What the link shows its holder: the order's number, slot, lines and total, the client's first
 * name only (no address, no phone).
 */
export const confirmLinkView = z.strictObject({
  id: z.number(),
  firstName: z.string(),
  createdAt: z.date(),
  fulfilment: z.enum(fulfilments),
  slotStartsAt: z.date().nullable(),
  slotEndsAt: z.date().nullable(),
  slotTimeZone: z.string().nullable(),
  items: z.array(
    z.strictObject({ productName: z.string(), quantity: z.number(), unitType: z.enum(unitTypes) }),
  ),
  totalAmount: z.number(),
  state: z.enum(['waiting', 'confirmed', 'cancelled']),
  confirmedBy: z.enum(['client', 'phone']).nullable(),
})
export type ConfirmLinkView = z.infer<typeof confirmLinkView>
export const confirmLinkAnswer = z.strictObject({ order: confirmLinkView })

/** POST /_api/orders/confirm-mine: the signed-in client confirms its own order. */
export const confirmMineInput = z.strictObject({ orderId: orderId() })

/** POST /_api/admin/orders/resend-confirm-link: staff send a new link (the old one stops working). */
export const resendConfirmLinkInput = z.strictObject({ orderId: orderId() })
