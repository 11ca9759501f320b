import { contactStatuses, type ContactStatus } from '../domain/order-status'
import { id, limit, page } from './common'
import { z } from './zod'

const status = z.enum(contactStatuses, { error: 'Le statut doit être new, read ou processed.' })
const messageId = id("L'identifiant du message est invalide.")

export const contactMessagesInput = z.strictObject({ status: status.optional(), page, limit: limit(100, 15) })

export const updateContactStatusInput = z.strictObject({ messageId, status })

export const deleteContactMessageInput = z.strictObject({ messageId })

/** Only read or processed messages may be deleted (docs/rules/catalogue.md#deleting). */
export const isDeletableContactStatus = (s: ContactStatus) => s === 'read' || s === 'processed'

const contactMessageRow = z.strictObject({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(contactStatuses),
  createdAt: z.date(),
})
export const contactMessageAnswer = z.strictObject({ contactMessage: contactMessageRow })
/**
 * A message as the inbox lists it: with the phone of the account that has its e-mail, if any, for
 * 'Répondre' on WhatsApp (docs/rules/people.md#contact-inbox).
 */
const listedContactMessage = contactMessageRow.extend({ phone: z.string().nullable() })
export type ContactMessageRow = z.infer<typeof listedContactMessage>
export const contactMessagesAnswer = z.strictObject({
  messages: z.array(listedContactMessage),
  total: z.number(),
})

/** POST /_api/admin/contact-messages/open: opening a message marks a new one read. */
export const openContactMessageInput = z.strictObject({ messageId })
