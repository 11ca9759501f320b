import { clientCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { createAddress } from '@/server/services/people/addresses'

export default defineEndpoint({
  call: clientCalls.createAddress,
  roles: ['client', 'user'],
  summary: 'Saves a delivery address of the client (an active zone of its country; at most 10)',
  async handler({ input, user, db, reply }) {
    const address = await createAddress(db, user, input)
    reply.status(201)
    return { address }
  },
})
