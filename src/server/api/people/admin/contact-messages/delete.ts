import { oversightCalls } from '@/shared/calls'
import { and, eq, inArray } from 'drizzle-orm'
import { contactMessages } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { conflict, notFound } from '@/server/http/errors'
import { MESSAGE_NOT_FOUND } from './update-status'

const NOT_DELETABLE = 'Seuls les messages lus ou traités peuvent être supprimés.'

export default defineEndpoint({
  call: oversightCalls.deleteContactMessage,
  roles: ['root'],
  summary: 'Delete a contact message for good: only a read or processed one',
  async handler({ input, db }) {
    // One statement: a message switched back to new meanwhile is not deleted.
    const deleted = await db
      .delete(contactMessages)
      .where(
        and(eq(contactMessages.id, input.messageId), inArray(contactMessages.status, ['read', 'processed'])),
      )
      .returning({ id: contactMessages.id })
    if (deleted.length > 0) return { success: true as const }
    const [exists] = await db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.id, input.messageId))
    if (!exists) throw notFound(MESSAGE_NOT_FOUND)
    throw conflict(NOT_DELETABLE)
  },
})
