import { oversightCalls } from '@/shared/calls'
import { and, eq, sql } from 'drizzle-orm'
import { contactMessages } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notFound } from '@/server/http/errors'
import { MESSAGE_NOT_FOUND } from './update-status'

export default defineEndpoint({
  call: oversightCalls.openContactMessage,
  roles: ['root'],
  summary: 'Opening a contact message marks it read when it is new (a read or processed one stays as it is)',
  async handler({ input, db }) {
    // One statement: a new message becomes read; any other is answered as it is.
    const [contactMessage] = await db
      .update(contactMessages)
      .set({
        status: sql`case when ${contactMessages.status} = 'new' then 'read'::contact_status else ${contactMessages.status} end`,
      })
      .where(and(eq(contactMessages.id, input.messageId)))
      .returning()
    if (!contactMessage) throw notFound(MESSAGE_NOT_FOUND)
    return { contactMessage }
  },
})
