import { createHash, randomBytes } from 'node:crypto'
import { eq, lt, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { countries, sessions, signInChallenges, users } from '../db/schema'
import { sessionUserColumns } from '../db/session-user'
import { snapshotColumn } from '../db/snapshot'

export const SESSION_COOKIE = 'etal_session'
const DAY = 24 * 60 * 60 * 1000
const SESSION_TTL_MS = 30 * DAY
/** A session within this of its end is extended to the full 30 days (sliding expiry). */
const RENEW_WITHIN_MS = 15 * DAY

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A session's last use is written again at most this often (its owner's list of sessions). */
const SEEN_EVERY_MS = 5 * 60 * 1000

/** Where a session was opened from, as its owner's list shows it (docs/rules/people.md#accounts). */
export type SessionClient = { userAgent?: string | null; ip?: string | null }

/** 32 random bytes for the cookie; only their SHA-256 is stored. */
export async function createSession(db: Executor, userId: number, client: SessionClient = {}) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    ip: client.ip ?? null,
  })
  return { token, expiresAt }
}

const buildSessionRead = (db: Executor) =>
  db
    .select({ session: sessions, user: sessionUserColumns, snapshot: snapshotColumn })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_by_id')

/** Built once per database: every signed-in request reads its session. */
const sessionReads = new WeakMap<Executor, ReturnType<typeof buildSessionRead>>()

export type SessionRow = NonNullable<Awaited<ReturnType<typeof readSessionRow>>>

/** How many times this process read a session row (tests/api/session-cache.test.ts reads it). */
export const sessionRowReads = { count: 0 }

/** A session and its user, by the token's hash (one statement, prepared once per database). */
export async function readSessionRow(db: Executor, id: string) {
  let read = sessionReads.get(db)
  if (!read) sessionReads.set(db, (read = buildSessionRead(db)))
  sessionRowReads.count++
  const [row] = await read.execute({ id })
  return row ?? null
}

/**
 * The live session of a token with its user (one query: every signed-in request makes it),
 * renewed when it nears its end; null if absent or expired. `read` may answer from a row kept
 * since the last write (auth-context.ts): expiry is judged here, at every use, and a renewal
 * updates the row it was given, so a kept row does not renew twice.
 */
export async function findSession(
  db: Executor,
  token: string,
  read: (id: string) => Promise<SessionRow | null> = (id) => readSessionRow(db, id),
) {
  const id = hashToken(token)
  const row = await read(id)
  if (!row) return null
  const { session, user } = row
  const now = Date.now()
  if (session.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, id))
    return null
  }
  if (now - session.lastSeenAt.getTime() > SEEN_EVERY_MS) {
    const lastSeenAt = new Date(now)
    await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, id))
    row.session = { ...row.session, lastSeenAt }
  }
  if (session.expiresAt.getTime() - now < RENEW_WITHIN_MS) {
    const expiresAt = new Date(now + SESSION_TTL_MS)
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id))
    row.session = { ...row.session, expiresAt }
    return { ...session, user, snapshot: row.snapshot, expiresAt, renewed: true }
  }
  return { ...session, user, snapshot: row.snapshot, renewed: false }
}

export async function deleteSession(db: Executor, token: string) {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)))
}

/** Ends every session of a user: role, country, password or activation changed. */
export async function deleteUserSessions(db: Executor, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}

export async function purgeExpiredSessions(db: Executor) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()))
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, new Date()))
}
