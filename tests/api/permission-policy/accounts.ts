import { eq } from 'drizzle-orm'
import { users } from '../../../src/server/db/schema'
import { createSession, hashToken } from '../../../src/server/http/session'
import { createChallenge, startEnrolment, totpCode } from '../../../src/server/services/people/two-factor'
import { freshCode, secretOf } from '../../two-factor'
import { createUser, PASSWORD } from '../../factories'
import {
  nextPhone,
  ROOT,
  SHOPPERS,
  SECOND_FACTOR,
  noKey,
  addressOf,
  freshPhone,
  liveReset,
  account,
  type Policy,
} from './shared'

/** The auth routes and the account (two-factor, sessions, addresses). */
export const accountPolicies: Record<string, Policy> = {
  // ---- auth ------------------------------------------------------------------------------
  'GET /_api/auth/session': {
    who: 'signed-in',
    scope: 'global',
    rule: "API answers: signed out, GET /_api/auth/session answers 401 { error: 'Non authentifié' }",
    input: () => ({}),
  },
  'POST /_api/auth/login_with_password': {
    who: 'public',
    scope: 'global',
    rule: 'Routes: the three login pages are for everyone',
    input: ({ f }) => ({ email: f.loginAccount.email, password: PASSWORD }),
    endsSession: true,
  },
  'POST /_api/auth/logout': {
    who: 'public',
    scope: 'global',
    rule: 'Logout ends the current session, if any',
    input: () => ({}),
    endsSession: true,
  },
  'POST /_api/auth/register_with_password': {
    who: 'public',
    scope: 'global',
    rule: 'Routes: /register is for everyone; registration offers the active countries',
    // A local number of the country (docs/rules/people.md#phones): Senegal's 9 digits, Mali's 8.
    input: ({ f, cc }) => ({ ...account(f, cc), phoneNumber: freshPhone(cc) }),
  },
  // A forgotten password (docs/rules/people.md#accounts): anyone may ask, for any address.
  'POST /_api/auth/password/forgot': {
    who: 'public',
    scope: 'global',
    rule: 'Accounts: anyone may ask for a new password; the answer is the same for any address',
    input: () => ({ identifier: `oubli${nextPhone()}@test.etal` }),
  },
  // A live link or code of a fresh account: the call signs the caller in as that account.
  'POST /_api/auth/password/reset_with_link': {
    who: 'public',
    scope: 'global',
    rule: 'Accounts: a live link sets a new password',
    input: async ({ f }) => ({ token: await liveReset(f, 'email'), password: 'Nouveau-2026!' }),
    endsSession: true,
  },
  'POST /_api/auth/password/reset_with_code': {
    who: 'public',
    scope: 'global',
    rule: 'Accounts: a live code sets a new password',
    input: async ({ f }) => {
      const phone = `+221 ${freshPhone('SN')}`
      await liveReset(f, 'sms', phone)
      return { identifier: phone, code: '123456', password: 'Nouveau-2026!' }
    },
    endsSession: true,
  },
  // ---- the account ----------------------------------------------------------------------
  // Staff two-factor and sessions (docs/rules/people.md#accounts).
  'POST /_api/auth/two_factor/verify': {
    who: 'public',
    scope: 'global',
    rule: 'Accounts: the second step of a sign-in, for whoever holds the pending sign-in of the password step',
    // A fresh root's pending sign-in (its cookie rides along) and a code of its app: signed in as it.
    input: async ({ f }) => {
      const root = await createUser(f.db, { role: 'root', country: 'SN' })
      const { token } = await createChallenge(f.db, root.id, 'code')
      const code = await freshCode(f.db, root.id, (await secretOf(f.db, root.id))!)
      return { code, __cookie: `etal_pending=${token}` }
    },
    endsSession: true,
  },
  'POST /_api/auth/two_factor/setup': {
    who: SECOND_FACTOR,
    scope: 'global',
    rule: 'Accounts: root and super_admin enrol at sign-in; admins and drivers may from their account',
    input: () => ({}),
  },
  'POST /_api/auth/two_factor/enable': {
    who: SECOND_FACTOR,
    scope: 'global',
    rule: 'Accounts: the first code of a new authenticator enrols it',
    input: async ({ f, caller, reaches }) => {
      if (!reaches || caller.id === null) return { code: '000000' }
      const [me] = await f.db.select().from(users).where(eq(users.id, caller.id))
      // An account that has an authenticator moves to another with a code of the current one.
      const current = await secretOf(f.db, caller.id)
      const currentCode = current ? await freshCode(f.db, caller.id, current) : undefined
      const { secret } = await startEnrolment(f.db, noKey, me!)
      return { code: totpCode(secret), currentCode }
    },
  },
  'GET /_api/auth/two_factor/status': {
    who: SECOND_FACTOR,
    scope: 'global',
    rule: 'Accounts: a staff member sees whether its second factor is on',
    input: () => ({}),
  },
  'GET /_api/account/sessions': {
    who: SECOND_FACTOR,
    scope: 'global',
    rule: 'Accounts: a staff member sees its own active sessions',
    input: () => ({}),
  },
  'POST /_api/account/sessions/end': {
    who: SECOND_FACTOR,
    scope: 'global',
    rule: 'Accounts: a staff member ends any of its own sessions',
    input: async ({ f, caller, reaches }) => {
      if (!reaches || caller.id === null) return { id: 'a'.repeat(64) }
      const { token } = await createSession(f.db, caller.id)
      return { id: hashToken(token) }
    },
  },
  'POST /_api/account/sessions/end-others': {
    who: SECOND_FACTOR,
    scope: 'global',
    rule: 'Accounts: a staff member ends all its sessions but this one',
    input: () => ({}),
  },
  'POST /_api/admin/users/reset-two-factor': {
    who: ROOT,
    scope: 'global',
    rule: "Accounts: root resets another staff member's second factor",
    input: async ({ f, cc, reaches }) =>
      reaches
        ? { userId: (await createUser(f.db, { role: 'super_admin', country: cc })).id }
        : { userId: f[cc].customer.id },
  },
  'GET /_api/account/notifications': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Messages: a client chooses e-mail, SMS or both',
    input: () => ({}),
  },
  'POST /_api/account/notifications': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Messages: a client chooses e-mail, SMS or both',
    input: () => ({ email: true, sms: false }),
  },
  // Saved delivery addresses (docs/rules/people.md#delivery-addresses): the client's own only.
  'GET /_api/account/addresses': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Delivery addresses: a client keeps its own',
    input: () => ({}),
  },
  'POST /_api/account/addresses/create': {
    who: SHOPPERS,
    scope: 'global',
    rule: 'Delivery addresses: a client keeps its own, in its own country',
    input: ({ f, caller }) => ({
      label: 'Maison',
      cityId: f[caller.cc].city.id,
      zoneId: f[caller.cc].zone.id,
      address: 'Villa 4',
    }),
  },
  'POST /_api/account/addresses/update': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Delivery addresses: a client edits its own only (another’s: 404)',
    input: async (cell) => ({
      id: await addressOf(cell),
      label: 'Bureau',
      cityId: cell.f[cell.cc].city.id,
      zoneId: cell.f[cell.cc].zone.id,
      address: 'Immeuble 2',
    }),
  },
  'POST /_api/account/addresses/delete': {
    who: SHOPPERS,
    scope: 'own-records',
    rule: 'Delivery addresses: a client removes its own only (another’s: 404)',
    input: async (cell) => ({ id: await addressOf(cell) }),
  },
}
