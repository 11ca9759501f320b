import { contactStatuses, type ContactStatus } from '../domain/order-status'
import { id, limit, page } from './common'
import { z } from './zod'

const status = z.enum(contactStatuses, { error: 'Le statut doit être new, read ou processed.' })
const messageId = id("L'identifiant du message est invalide.")

export const contactMessagesInput = z.strictObject({ status: status.optional(), page, limit: limit(100, 15) })
export type ContactMessagesInput = z.input<typeof contactMessagesInput>

export const updateContactStatusInput = z.strictObject({ messageId, status })
export type UpdateContactStatusInput = z.input<typeof updateContactStatusInput>

export const deleteContactMessageInput = z.strictObject({ messageId })

/** Only read or processed messages may be deleted (SPEC §4). */
export const isDeletableContactStatus = (s: ContactStatus) => s === 'read' || s === 'processed'

export type ContactMessageRow = {
  id: number
  name: string
  email: string
  subject: string
  message: string
  status: ContactStatus
  createdAt: Date
}
