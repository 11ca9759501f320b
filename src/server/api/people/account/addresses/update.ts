import { clientCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { updateAddress } from '@/server/services/people/addresses'

export default defineEndpoint({
  call: clientCalls.updateAddress,
  roles: ['client', 'user'],
  summary: "Edits one of the client's own addresses (another's: 404); orders keep what they copied",
  async handler({ input: { id, ...fields }, user, db }) {
    return { address: await updateAddress(db, user, id, fields) }
  },
})
