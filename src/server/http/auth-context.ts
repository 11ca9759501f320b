import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SessionUser } from '../../shared/schemas/auth'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { singleFlight } from '../services/single-flight'
import { writeGeneration } from '../services/write-generation'
import { deleteUserSessions, findSession, hashToken, SESSION_COOKIE } from './session'

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>()

/**
 * Lookups of one token in flight at the same moment share one statement: a client (a staff
 * page polling, a burst of parallel calls) queued one copy per request in front of PGlite's one
 * connection (docs/security.md "The overload guard and argon2"). Never across a write: a logout, a deactivation or a change of
 * role is a write, and a request after its answer looks the session up again.
 */
const sharedLookup = singleFlight<object, Awaited<ReturnType<typeof findSession>>>()
const lookUp = (db: Db, token: string) => sharedLookup(db, `${writeGeneration(db)}|${hashToken(token)}`, () => findSession(db, token))

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.NODE_ENV === 'production',
    expires: expiresAt,
  })
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.NODE_ENV === 'production',
  })
}

export const sessionToken = (req: FastifyRequest): string | undefined => {
  const token = req.cookies[SESSION_COOKIE]
  return token && token.length <= 100 ? token : undefined
}

/** The caller of a request, looked up once per request; a deactivated user has no session. */
export function currentUser(req: FastifyRequest, reply: FastifyReply, db: Db, config: Config) {
  let pending = resolved.get(req)
  if (!pending) {
    pending = (async () => {
      const token = sessionToken(req)
      if (!token) return null
      const session = await lookUp(db, token)
      if (!session) {
        clearSessionCookie(reply, config)
        return null
      }
      const { user } = session
      if (!user || !user.isActive) {
        await deleteUserSessions(db, session.userId)
        clearSessionCookie(reply, config)
        return null
      }
      if (session.renewed) setSessionCookie(reply, config, token, session.expiresAt)
      return user
    })()
    resolved.set(req, pending)
  }
  return pending
}
