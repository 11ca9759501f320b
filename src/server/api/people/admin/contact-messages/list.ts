import { oversightCalls } from '@/shared/calls'
import { desc, eq, sql } from 'drizzle-orm'
import { COUNT_CAP } from '@/shared/schemas/common'
import { contactMessageCounts, contactMessages } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'

export default defineEndpoint({
  call: oversightCalls.contactMessages,
  roles: ['root'],
  summary: 'Contact messages, newest first, by status, 15 a page',
  async handler({ input, db }) {
    const where = input.status ? eq(contactMessages.status, input.status) : undefined
    const [messages, [counted]] = await Promise.all([
      db
        .select({
          id: contactMessages.id,
          name: contactMessages.name,
          email: contactMessages.email,
          subject: contactMessages.subject,
          message: contactMessages.message,
          status: contactMessages.status,
          createdAt: contactMessages.createdAt,
          // The phone of the account with this e-mail (case aside), for 'Répondre' on WhatsApp.
          // (Named in full: drizzle writes a one-table select's columns bare, which the subquery
          // would read as users.email.)
          phone: sql<string | null>`(select u.phone_number from users u
            where lower(u.email) = lower(contact_messages.email) and u.phone_number is not null
            order by u.id limit 1)`,
        })
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(input.limit)
        .offset((input.page - 1) * input.limit),
      // Kept per status by a trigger (schema/contact.ts): a read of three rows, not a count.
      db
        .select({ total: sql<number>`coalesce(sum(${contactMessageCounts.n}), 0)`.mapWith(Number) })
        .from(contactMessageCounts)
        .where(input.status ? eq(contactMessageCounts.status, input.status) : undefined),
    ])
    return { messages, total: Math.min(counted?.total ?? 0, COUNT_CAP) }
  },
})
