import { contactStatuses, type ContactStatus } from '../domain/order-status'
import { id, limit, page } from './common'
import { z } from './zod'

const status = z.enum(contactStatuses, { error: 'Le statut doit être new, read ou processed.' })
const messageId = id("L'identifiant du message est invalide.")

export const contactMessagesInput = z.strictObject({ status: status.optional(), page, limit: limit(100, 15) })

export const updateContactStatusInput = z.strictObject({ messageId, status })

export const deleteContactMessageInput = z.strictObject({ messageId })

/** Only read or processed messages may be deleted (docs/rules.md#deleting). */
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
export type ContactMessageRow = z.infer<typeof contactMessageRow>
export const contactMessageAnswer = z.strictObject({ contactMessage: contactMessageRow })
export const contactMessagesAnswer = z.strictObject({
  messages: z.array(contactMessageRow),
  total: z.number(),
})
