import { eq } from 'drizzle-orm'
import { clientCalls } from '@/shared/calls'
import { users } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { badRequest } from '@/server/http/errors'
import { notificationPrefsOf } from '@/server/services/people/accounts'

export const NO_CHANNEL = 'Choisissez au moins un moyen : e-mail ou SMS.'
export const NO_PHONE = 'Ajoutez d’abord un numéro de téléphone à votre compte pour recevoir des SMS.'

/** "Me prévenir par : e-mail, SMS" (docs/rules/orders.md#messages): at least one; SMS needs a phone. */
export default defineEndpoint({
  call: clientCalls.setNotifications,
  roles: ['client', 'user'],
  summary: 'Sets how the client is told of its orders (at least one way; SMS needs a phone number)',
  async handler({ input, user, db }) {
    if (!input.email && !input.sms) throw badRequest(NO_CHANNEL, { email: [NO_CHANNEL] })
    if (input.sms && !user.phoneNumber) throw badRequest(NO_PHONE, { sms: [NO_PHONE] })
    await db
      .update(users)
      .set({ notifyByEmail: input.email, notifyBySms: input.sms })
      .where(eq(users.id, user.id))
    return notificationPrefsOf(db, user.id)
  },
})
