import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { isPostgresUrl } from '../db/client'
import { sharedReads } from '../db/shared-reads'
import {
  deleteUserSessions,
  findSession,
  hashToken,
  readSessionRow,
  SESSION_COOKIE,
  type SessionRow,
} from './session'

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>()
const snapshots = new WeakMap<FastifyRequest, string>()

/**
 * On PostgreSQL, the database's snapshot read with this request's session, in the same statement
 * (db/snapshot.ts); undefined for a visitor, and on PGlite, whose kept session rows are not read
 * again at each request.
 */
export const requestSnapshot = (req: FastifyRequest): string | undefined => snapshots.get(req)

/**
 * Lookups of one token in flight at the same moment share one statement: a client (a staff
 * page polling, a burst of parallel calls) queued one copy per request in front of PGlite's one
 * connection (docs/security/run-time.md "The overload guard and argon2"). Never across a write: a logout, a deactivation or a change of
 * role is a write, and a request after its answer looks the session up again.
 */
const sharedLookup = sharedReads<Awaited<ReturnType<typeof findSession>>>({ keep: 'in-flight' })
/**
 * On PGlite (PGLITE_READ_CACHE, on by default), a session's row is also kept until the next
 * write: every write goes through this process (a sign-out, a deactivation, a change of role or
 * country is a write), so a kept row is never stale, and a crowd of signed-in requests no longer
 * queues one statement each in front of the one connection (docs/security/run-time.md "The overload
 * guard and argon2"). Expiry is still judged at every use (session.ts).
 */
const keptRows = sharedReads<SessionRow | null>({ keep: 'until-write', max: 1024 })
const lookUp = (db: Db, config: Config, token: string) => {
  if (!isPostgresUrl(config.DATABASE_URL) && config.PGLITE_READ_CACHE) {
    return findSession(db, token, (id) => keptRows(db, id, () => readSessionRow(db, id)))
  }
  return sharedLookup(db, hashToken(token), () => findSession(db, token))
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.NODE_ENV === 'production',
    expires: expiresAt,
  })
}

/** The cookie of a pending sign-in between the password and the code (services/people/two-factor.ts). */
export const CHALLENGE_COOKIE = 'etal_pending'

/** The pending sign-in between the password and the code (services/people/two-factor.ts): auth calls only. */
export function setChallengeCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(CHALLENGE_COOKIE, token, {
    path: '/_api/auth/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.NODE_ENV === 'production',
    expires: expiresAt,
  })
}

export function clearChallengeCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(CHALLENGE_COOKIE, {
    path: '/_api/auth/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.NODE_ENV === 'production',
  })
}

export const challengeToken = (req: FastifyRequest): string | undefined => req.cookies[CHALLENGE_COOKIE]

/** What a new session records of the device that opened it. */
export const sessionClient = (req: FastifyRequest) => ({
  userAgent: req.headers['user-agent'] ?? null,
  ip: req.ip,
})

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
      const session = await lookUp(db, config, token)
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
      if (isPostgresUrl(config.DATABASE_URL)) snapshots.set(req, session.snapshot)
      return user
    })()
    resolved.set(req, pending)
  }
  return pending
}
