import { clientCalls } from '@/shared/calls'
import { MAX_ADDRESSES } from '@/shared/domain/addresses'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { deleteAddress, listAddresses } from '@/server/services/people/addresses'

export default defineEndpoint({
  call: clientCalls.deleteAddress,
  roles: ['client', 'user'],
  summary: "Removes one of the client's own addresses (another's: 404); orders keep what they copied",
  async handler({ input, user, db }) {
    await deleteAddress(db, user, input.id)
    return { addresses: await listAddresses(db, user), max: MAX_ADDRESSES }
  },
})
