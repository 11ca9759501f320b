import { count, desc, eq, sql } from 'drizzle-orm'
import { COUNT_CAP } from '../../../../shared/schemas/common'
import { contactMessagesInput } from '../../../../shared/schemas/contact-admin'
import { contactMessages } from '../../../db/schema'
import { defineEndpoint } from '../../../http/define-endpoint'

export default defineEndpoint({
  method: 'GET',
  path: '/_api/admin/contact-messages',
  input: contactMessagesInput,
  roles: ['root'],
  summary: 'Contact messages, newest first, by status, 15 a page',
  async handler({ input, db }) {
    const where = input.status ? eq(contactMessages.status, input.status) : undefined
    const messages = await db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
    const capped = db.select({ one: sql`1` }).from(contactMessages).where(where).limit(COUNT_CAP + 1).as('capped')
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(capped)
    return { messages, total: Math.min(total, COUNT_CAP) }
  },
})
