import { and, desc, eq, gt, ne } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { sessions } from '@/server/db/schema'
import { hashToken } from '@/server/http/session'
import { describeDevice } from './devices'

/**
 * A staff member's live sessions, this one first, then by last use (docs/rules/people.md#accounts).
 * The id shown is the stored SHA-256 of the session's token: it names the row, and opens nothing.
 */
export async function listOwnSessions(db: Executor, userId: number, token: string | undefined) {
  const current = token ? hashToken(token) : null
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100)
  return rows
    .map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      ip: s.ip,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      current: s.id === current,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current))
}

/** Ends one of the caller's own sessions (another's id ends nothing): how many ended. */
export async function endOwnSession(db: Executor, userId: number, id: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id })
  return ended.length
}

/** Ends every session of the caller but this one. */
export async function endOtherSessions(db: Executor, userId: number, token: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, hashToken(token))))
    .returning({ id: sessions.id })
  return ended.length
}
