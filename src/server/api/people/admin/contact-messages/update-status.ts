import { oversightCalls } from '@/shared/calls'
import { eq } from 'drizzle-orm'
import { contactMessages } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notFound } from '@/server/http/errors'

export const MESSAGE_NOT_FOUND = 'Message introuvable.'

export default defineEndpoint({
  call: oversightCalls.updateContactStatus,
  roles: ['root'],
  summary: 'Set a contact message’s status (new, read, processed: free switching)',
  async handler({ input, db }) {
    const [contactMessage] = await db
      .update(contactMessages)
      .set({ status: input.status })
      .where(eq(contactMessages.id, input.messageId))
      .returning()
    if (!contactMessage) throw notFound(MESSAGE_NOT_FOUND)
    return { contactMessage }
  },
})
