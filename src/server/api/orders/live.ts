import { orderCalls } from '@/shared/calls'
import { defineEndpoint, SENT } from '@/server/http/define-endpoint'
import { sessionToken } from '@/server/http/auth-context'
import { overloadedError } from '@/server/http/overload-guard'
import { hashToken } from '@/server/http/session'
import {
  latestEventId,
  liveScope,
  missedEvents,
  type EndReason,
  type OrderNotice,
} from '@/server/services/orders/order-live'

/** A comment line every so often keeps proxies and the browser from taking the stream for dead. */
const HEARTBEAT_MS = 20_000
/** A browser that reads nothing while this much waits for it is dropped (it reconnects and catches up). */
const MAX_BUFFERED = 1 << 20

const frame = (e: OrderNotice) =>
  `id: ${e.id}\nevent: order\ndata: ${JSON.stringify({ id: e.id, orderId: e.orderId, type: e.type, to: e.to })}\n\n`
/**
 * What a stream says as it ends, by why (docs/rules/orders.md#live). Replaced by a newer stream
 * of its account or IP: the browser is told, and one that does not know the event waits ten
 * minutes before it tries again (it would end another tab's stream). Its longest life over, or
 * its session ended: nothing, the browser reconnects in two seconds (and catches up, or is
 * refused 401/403 and stops).
 */
const farewell: Record<EndReason, string> = {
  replaced: 'retry: 600000\nevent: replaced\ndata: {}\n\n',
  session: '',
  expired: '',
  closing: '',
}

/** A batch as the streams write it: made once for all the streams of one scope. */
const texts = new WeakMap<OrderNotice[], string>()
const textOf = (events: OrderNotice[]) => {
  let text = texts.get(events)
  if (text === undefined) texts.set(events, (text = events.map(frame).join('')))
  return text
}

export default defineEndpoint({
  call: orderCalls.live,
  roles: ['root', 'super_admin', 'admin', 'delivery_driver'],
  summary:
    'Server-sent events (text/event-stream): every change of an order in the caller’s reach as it happens; staff their country (root all), a driver its own orders. Last-Event-ID catches up on what was missed',
  async handler({ user, db, deps, req, reply }) {
    const live = deps.orderLive
    // Each open stream holds memory: the process holds a bounded number (the overload's 503).
    // The connection goes too: a crowd's sockets are what is refused.
    if (live.full()) throw overloadedError(reply.header('connection', 'close'))
    const scope = liveScope(user)
    const header = req.headers['last-event-id']
    const after = header === undefined || header === '' ? NaN : Number(header)
    const resuming = Number.isSafeInteger(after) && after >= 0
    const lastSeen = resuming ? after : 0
    reply.hijack()
    const res = reply.raw
    const socket = res.socket
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) res.setHeader(name, value)
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Nginx and its kind would hold the events back in a buffer.
      'x-accel-buffering': 'no',
    })
    res.write('retry: 2000\n\n')

    // Held until the catch-up is read, or, without Last-Event-ID, the newest event's id.
    let catchingUp = true
    // Events heard while the history is read wait here; those the catch-up also read are sent
    // once, and so are they when heard later still (a notice may come after the catch-up's read:
    // the fan-out's batches wait up to 100 ms, and a new order is announced after its commit).
    // The catch-up's ids (200 at most) are kept for that. Nothing else is compared by id: an
    // event's id is taken at insert, and transactions commit in another order, so an event may
    // rightly come after one with a larger id (a "newest id sent" rule dropped it, and staff
    // missed that order).
    const held: OrderNotice[] = []
    const caughtUp = new Set<number>()
    let ended = false
    const send = (events: OrderNotice[]) => {
      if (ended) return
      if (catchingUp) return void held.push(...events)
      const fresh = caughtUp.size > 0 ? events.filter((e) => !caughtUp.has(e.id)) : events
      if (fresh.length === 0) return
      res.write(textOf(fresh))
      if (res.writableLength > MAX_BUFFERED) end()
    }
    const resync = () => {
      if (!ended) res.write('event: resync\ndata: {}\n\n')
    }
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS)
    const token = sessionToken(req)
    const owner = {
      userId: user.id,
      role: user.role,
      countryId: user.countryId,
      sessionId: token ? hashToken(token) : '',
      ip: req.ip,
    }
    const unsubscribe = live.subscribe(scope, owner, { send, resync, end })
    // Its longest life: then it ends, and the browser reconnects with its Last-Event-ID.
    const life = setTimeout(() => end('expired'), deps.config.LIVE_STREAM_MAX_LIFE_SECONDS * 1000)
    function end(reason: EndReason = 'closing') {
      if (ended) return
      ended = true
      clearInterval(heartbeat)
      clearTimeout(life)
      unsubscribe()
      if (farewell[reason] && !res.writableEnded) res.write(farewell[reason])
      // The connection goes with the stream: a browser reconnects (to this or another instance).
      res.once('finish', () => socket?.destroy())
      res.end()
    }
    // The browser left (the response's close: the request's may come as soon as it was read).
    res.on('close', () => end())

    if (!resuming) {
      // Without Last-Event-ID the stream starts from the newest event (0 before the first), said
      // to the browser as its id: reconnecting (its longest life over, a dropped connection), it
      // is sent what it missed from there.
      const mark = await latestEventId(db).catch(() => undefined)
      if (mark !== undefined && !ended) res.write(`id: ${mark}\n\n`)
      catchingUp = false
      send(held.splice(0))
    } else {
      try {
        const missed = await missedEvents(db, scope, lastSeen)
        catchingUp = false
        send(missed.events)
        for (const e of missed.events) caughtUp.add(e.id)
        if (missed.more) resync()
      } catch {
        // The database failed: the browser reads its lists again.
        catchingUp = false
        resync()
      }
      send(held.splice(0))
    }
    return SENT
  },
})
