// docs/rules/confirmation.md: the client's confirmation before the knife, and refusals at the door.
import { REFUSAL_REASON_REQUIRED, refusalReasonKeys } from '../domain/door-refusals'
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
