import { mustExist } from '@/server/http/errors'
import { storefrontCalls } from '@/shared/calls'
import { contactMessages } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'

export default defineEndpoint({
  call: storefrontCalls.contact,
  roles: 'public',
  rateLimit: (config) => ({ max: config.CONTACT_PER_10_MINUTES, timeWindow: '10 minutes' }),
  summary: 'Send a message to the shop (signed in or not)',
  async handler({ input, db, reply }) {
    const [contactMessage] = await db.insert(contactMessages).values(input).returning({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      status: contactMessages.status,
      createdAt: contactMessages.createdAt,
    })
    reply.status(201)
    return { contactMessage: mustExist(contactMessage) }
  },
})
