import { clientCalls } from '@/shared/calls'
import { MAX_ADDRESSES } from '@/shared/domain/addresses'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { listAddresses } from '@/server/services/people/addresses'

export default defineEndpoint({
  call: clientCalls.addresses,
  roles: ['client', 'user'],
  summary: "The client's saved delivery addresses, the last used first, each with why it is closed if it is",
  async handler({ user, db }) {
    return { addresses: await listAddresses(db, user), max: MAX_ADDRESSES }
  },
})
