import { clientCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notificationPrefsOf } from '@/server/services/people/accounts'

export default defineEndpoint({
  call: clientCalls.notifications,
  roles: ['client', 'user'],
  summary: 'How the client is told of its orders: e-mail, SMS or both',
  async handler({ user, db }) {
    return notificationPrefsOf(db, user.id)
  },
})
