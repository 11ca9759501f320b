import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SessionUser } from '../../shared/schemas/auth'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { deleteUserSessions, findSession, SESSION_COOKIE } from './session'

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>()

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
      const session = await findSession(db, token)
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
