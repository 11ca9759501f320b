import { and, asc, eq, gt, inArray, max, sql, type SQL } from 'drizzle-orm'
import type { SessionUser } from '@/shared/schemas/auth'
import type { LiveOrderEvent } from '@/shared/schemas/live'
import type { Database, Db, Executor } from '@/server/db/client'
import type { Listening } from '@/server/db/listener'
import { orderEvents, orders, sessions, users } from '@/server/db/schema'
import { scopeCountryId } from '../scope'

/** The channel the trigger of order_events notifies on (src/server/db/functions.sql). */
export const ORDERS_CHANNEL = 'etal_orders'

/** One event as it is announced: what the streams send, and what they filter on. */
export type OrderNotice = LiveOrderEvent & {
  countryId: number | null
  driverId: number | null
  clientId: number | null
}

/**
 * Announces an event that its own transaction has already committed, as the trigger of
 * order_events announces the others (src/server/db/functions.sql, the same payload): a new
 * order's 'created' (decision 0057: a NOTIFY inside the checkout's statement would hold the
 * database's one notification lock through its commit, and checkouts would commit one at a time).
 */
export async function announce(db: Executor, notice: OrderNotice) {
  await db.execute(sql`select pg_notify(${ORDERS_CHANNEL}, ${JSON.stringify(notice)})`)
}

/** Who a stream is for (docs/rules/orders.md#live): root everything, staff its country, a driver its orders. */
export type LiveScope = { countryId: number | null } | { driverId: number }

export function liveScope(user: SessionUser): LiveScope {
  if (user.role === 'delivery_driver') return { driverId: user.id }
  return { countryId: scopeCountryId(user) }
}

export function inScope(scope: LiveScope, e: Pick<OrderNotice, 'countryId' | 'driverId'>): boolean {
  if ('driverId' in scope) return e.driverId === scope.driverId
  return scope.countryId === null || scope.countryId === e.countryId
}

/** How long a notice may wait for others to be handed on with it (the lists update within 2 s). */
const FANOUT_MS = 100

/** Whose a stream is: what bounds it, and what must still hold for it to stay open. */
export type StreamOwner = {
  userId: number
  role: SessionUser['role']
  countryId: number | null
  /** The session's id (its token's hash). */
  sessionId: string
  ip: string
}

/**
 * Why a stream is ended: `replaced` by a newer one of its account or IP beyond the bound,
 * `session` (signed out, deactivated, its role or country changed), `expired` (its longest life),
 * `closing` (the server stops).
 */
export type EndReason = 'replaced' | 'session' | 'expired' | 'closing'

type Subscriber = {
  scope: LiveScope
  owner: StreamOwner
  /** The notices of a batch in the stream's scope, oldest first. */
  send(events: OrderNotice[]): void
  resync(): void
  end(reason: EndReason): void
}

/** The bounds of the open streams (docs/rules/orders.md#live; LIVE_* in src/server/config.ts). */
export type LiveLimits = {
  perAccount: number
  perIp: number
  /** In this process: beyond, a new stream is refused (503). */
  max: number
  /** How often every open stream's session is looked at again, in ms. */
  checkMs: number
}

const UNBOUNDED: LiveLimits = { perAccount: Infinity, perIp: Infinity, max: Infinity, checkMs: 5000 }

/**
 * The live orders of one instance (docs/rules/orders.md#live): one LISTEN on the database, fanned
 * out in memory to this instance's open streams, each filtered by its scope. Every instance
 * listens, so an order written through any of them reaches every browser.
 */
export function createOrderLive(
  database: Pick<Database, 'listen'> & Partial<Pick<Database, 'db'>>,
  limits: LiveLimits = UNBOUNDED,
) {
  // Oldest first (a Set keeps its insertion order): the one a new stream beyond a bound ends.
  const subscribers = new Set<Subscriber>()
  let listening: Listening | undefined
  let closed = false

  // Notices are handed on in batches, every FANOUT_MS: each stream then writes a batch in one
  // write (src/server/api/orders/live.ts), not one write per order per stream. At a few hundred
  // orders a second and 200 streams those writes took half the order write's rate; batched, none
  // (bench/RESULTS.md, "200 staff live streams").
  let batch: OrderNotice[] = []
  let timer: NodeJS.Timeout | undefined
  function flush() {
    timer = undefined
    const events = batch
    batch = []
    // One list per scope, the same for all its streams (each writes it as one text, made once).
    const byScope = new Map<string, OrderNotice[]>()
    for (const s of subscribers) {
      const key = 'driverId' in s.scope ? `d${s.scope.driverId}` : `c${s.scope.countryId ?? '*'}`
      let mine = byScope.get(key)
      if (!mine) byScope.set(key, (mine = events.filter((e) => inScope(s.scope, e))))
      if (mine.length > 0) s.send(mine)
    }
  }
  function onMessage(payload: string) {
    let e: OrderNotice
    try {
      e = JSON.parse(payload) as OrderNotice
    } catch {
      return
    }
    batch.push(e)
    timer ??= setTimeout(flush, FANOUT_MS)
  }

  function endWhere(match: (o: StreamOwner) => boolean, reason: EndReason) {
    for (const s of [...subscribers]) if (match(s.owner)) s.end(reason)
  }
  function makeRoom(match: (o: StreamOwner) => boolean, bound: number) {
    const mine = [...subscribers].filter((s) => match(s.owner))
    for (const s of mine.slice(0, Math.max(0, mine.length - bound + 1))) {
      s.end('replaced')
      subscribers.delete(s)
    }
  }

  // Every few seconds, one statement for every open stream's session: a stream whose session
  // ended (signed out, expired), whose account was deactivated or whose role or country changed
  // is ended, on this instance whichever instance made the change (docs/rules/orders.md#live).
  let checker: NodeJS.Timeout | undefined
  let checking: Promise<void> | undefined
  function stopChecking() {
    clearInterval(checker)
    checker = undefined
  }
  function check() {
    checking ??= checkSessions().finally(() => (checking = undefined))
    return checking
  }
  async function checkSessions() {
    const db = database.db
    if (!db || subscribers.size === 0) return
    const open = [...subscribers]
    let holders: Awaited<ReturnType<typeof sessionHolders>>
    try {
      holders = await sessionHolders(db, [...new Set(open.map((s) => s.owner.sessionId))])
    } catch {
      // The database failed: the streams are looked at again at the next turn.
      return
    }
    const now = Date.now()
    for (const s of open) {
      const h = holders.get(s.owner.sessionId)
      const holds =
        h &&
        h.isActive &&
        h.expiresAt.getTime() > now &&
        h.userId === s.owner.userId &&
        h.role === s.owner.role &&
        h.countryId === s.owner.countryId
      if (!holds && subscribers.has(s)) s.end('session')
    }
  }

  const ready = database
    .listen(ORDERS_CHANNEL, onMessage, () => {
      // The database connection was down: what it said meanwhile went unheard; the browsers read again.
      for (const s of subscribers) s.resync()
    })
    .then((l) => {
      if (closed) void l.close()
      else listening = l
    })

  return {
    ready,
    /** Streams open on this instance (the bench, tests). */
    get size() {
      return subscribers.size
    },
    /** Whether this process holds as many streams as it may: a new one is refused (503). */
    full() {
      return subscribers.size >= limits.max
    },
    /**
     * Adds a stream; beyond its account's bound, or its IP's, the oldest of that account or IP
     * is ended first (docs/rules/orders.md#live).
     */
    subscribe(scope: LiveScope, owner: StreamOwner, handlers: Omit<Subscriber, 'scope' | 'owner'>) {
      makeRoom((o) => o.userId === owner.userId, limits.perAccount)
      makeRoom((o) => o.ip === owner.ip, limits.perIp)
      const s: Subscriber = { scope, owner, ...handlers }
      subscribers.add(s)
      checker ??= setInterval(() => void check(), limits.checkMs).unref()
      return () => {
        subscribers.delete(s)
        if (subscribers.size === 0) stopChecking()
      }
    },
    /** Ends the streams of one session at once (its sign-out). */
    endSession(sessionId: string) {
      endWhere((o) => o.sessionId === sessionId, 'session')
    },
    /** Ends an account's streams at once (deactivated, its role, country or second factor changed). */
    endUser(userId: number) {
      endWhere((o) => o.userId === userId, 'session')
    },
    /** Looks at every open stream's session again now (the interval does it by itself). */
    check,
    /** Ends every open stream (the server stops: an open stream would hold its close). */
    endAll() {
      endWhere(() => true, 'closing')
      subscribers.clear()
    },
    async close() {
      closed = true
      clearTimeout(timer)
      stopChecking()
      subscribers.clear()
      await listening?.close()
    },
  }
}

export type OrderLive = ReturnType<typeof createOrderLive>

/** The most events a reconnecting stream is sent to catch up; more, and it is told to read again. */
export const CATCH_UP_LIMIT = 200

/**
 * What a stream missed since the event `after` (its Last-Event-ID), in its scope, oldest first;
 * `more` when there were more than the limit.
 */
export async function missedEvents(db: Db, scope: LiveScope, after: number) {
  const where: SQL[] = [gt(orderEvents.id, after)]
  if ('driverId' in scope) where.push(eq(orders.deliveryDriverId, scope.driverId))
  else if (scope.countryId !== null) where.push(eq(orders.countryId, scope.countryId))
  const rows = await db
    .select({
      id: orderEvents.id,
      orderId: orderEvents.orderId,
      type: orderEvents.type,
      to: orderEvents.toValue,
      countryId: orders.countryId,
      driverId: orders.deliveryDriverId,
      clientId: orders.userId,
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(...where))
    .orderBy(asc(orderEvents.id))
    .limit(CATCH_UP_LIMIT + 1)
  return { events: rows.slice(0, CATCH_UP_LIMIT) as OrderNotice[], more: rows.length > CATCH_UP_LIMIT }
}

/** The sessions still there among `ids`, with what their user is now. */
async function sessionHolders(db: Db, ids: string[]) {
  const rows = await db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      role: users.role,
      countryId: users.countryId,
      isActive: users.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.id, ids))
  return new Map(rows.map((r) => [r.id, r]))
}

/**
 * The newest event's id: a stream opened without Last-Event-ID starts with it as its own, so that
 * the browser, reconnecting, is sent what it missed even if no event came meanwhile.
 */
export async function latestEventId(db: Db) {
  const [row] = await db.select({ id: max(orderEvents.id) }).from(orderEvents)
  return row?.id ?? 0
}
