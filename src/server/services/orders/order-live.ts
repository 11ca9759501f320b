import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm'
import type { SessionUser } from '@/shared/schemas/auth'
import type { LiveOrderEvent } from '@/shared/schemas/live'
import type { Database, Db, Executor } from '@/server/db/client'
import type { Listening } from '@/server/db/listener'
import { orderEvents, orders } from '@/server/db/schema'
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

type Subscriber = {
  scope: LiveScope
  /** The notices of a batch in the stream's scope, oldest first. */
  send(events: OrderNotice[]): void
  resync(): void
  end(): void
}

/**
 * The live orders of one instance (docs/rules/orders.md#live): one LISTEN on the database, fanned
 * out in memory to this instance's open streams, each filtered by its scope. Every instance
 * listens, so an order written through any of them reaches every browser.
 */
export function createOrderLive(database: Pick<Database, 'listen'>) {
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
    subscribe(scope: LiveScope, handlers: Omit<Subscriber, 'scope'>) {
      const s: Subscriber = { scope, ...handlers }
      subscribers.add(s)
      return () => void subscribers.delete(s)
    },
    /** Ends every open stream (the server stops: an open stream would hold its close). */
    endAll() {
      for (const s of [...subscribers]) s.end()
      subscribers.clear()
    },
    async close() {
      closed = true
      clearTimeout(timer)
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
