import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '@/server/config'
import type { Db } from '@/server/db/client'
import {
  challengeToken,
  clearChallengeCookie,
  currentUser,
  sessionClient,
  sessionToken,
  setChallengeCookie,
  setSessionCookie,
} from '@/server/http/auth-context'
import { forbidden, HttpError, mustExist } from '@/server/http/errors'
import { createSession, deleteSession } from '@/server/http/session'
import { createChallenge, readChallenge, secondStepOf, TWO_FACTOR_ALLOWED } from './two-factor'
import { findSessionUser } from './users'

export const EXPIRED_SIGN_IN = 'La connexion a expiré. Saisissez à nouveau votre mot de passe.'

/**
 * Signs an account in on this device: a new session (the one the browser held, if any, ends),
 * its cookie, and the user as every auth call answers it.
 */
export async function openSession(
  db: Db,
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
) {
  const previous = sessionToken(req)
  if (previous) await deleteSession(db, previous)
  if (challengeToken(req)) clearChallengeCookie(reply, config)
  const { token, expiresAt } = await createSession(db, userId, sessionClient(req))
  setSessionCookie(reply, config, token, expiresAt)
  return { user: mustExist(await findSessionUser(db, userId)) }
}

/**
 * After a proof that is not the second factor (a password reset): a session, or, for an account
 * that needs its code or its enrolment, the pending sign-in that asks for it
 * (docs/rules/people.md#accounts): a reset link is no way around the authenticator.
 */
export async function signInOrChallenge(
  db: Db,
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
  account: Parameters<typeof secondStepOf>[1],
) {
  const step = await secondStepOf(db, account)
  if (!step) return openSession(db, config, req, reply, account.id)
  const previous = sessionToken(req)
  if (previous) await deleteSession(db, previous)
  const challenge = await createChallenge(db, account.id, step)
  setChallengeCookie(reply, config, challenge.token, challenge.expiresAt)
  return { twoFactor: step }
}

/**
 * Who enrols an authenticator: the account of a pending sign-in that must enrol first (root,
 * super_admin), else the signed-in staff member or driver from its account page.
 */
export async function enrollingAccount(db: Db, config: Config, req: FastifyRequest, reply: FastifyReply) {
  const token = challengeToken(req)
  const pending = await readChallenge(db, token)
  if (pending?.challenge.purpose === 'enrol') {
    return { id: pending.challenge.userId, email: pending.email, challenge: token! }
  }
  const user = await currentUser(req, reply, db, config)
  if (!user) throw new HttpError(401, 'UNAUTHORIZED', EXPIRED_SIGN_IN)
  if (!TWO_FACTOR_ALLOWED.includes(user.role)) throw forbidden()
  return { id: user.id, email: user.email, challenge: null }
}
