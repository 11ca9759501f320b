import { orderCalls } from '@/shared/calls'
import { defineEndpoint, SENT } from '@/server/http/define-endpoint'
import { liveScope, missedEvents, type OrderNotice } from '@/server/services/orders/order-live'

/** A comment line every so often keeps proxies and the browser from taking the stream for dead. */
const HEARTBEAT_MS = 20_000
/** A browser that reads nothing while this much waits for it is dropped (it reconnects and catches up). */
const MAX_BUFFERED = 1 << 20

const frame = (e: OrderNotice) =>
  `id: ${e.id}\nevent: order\ndata: ${JSON.stringify({ id: e.id, orderId: e.orderId, type: e.type, to: e.to })}\n\n`
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
    const scope = liveScope(user)
    const after = Number(req.headers['last-event-id'])
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

    const lastSeen = Number.isSafeInteger(after) && after > 0 ? after : 0
    let catchingUp = lastSeen > 0
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
    const unsubscribe = deps.orderLive.subscribe(scope, { send, resync, end: () => end() })
    function end() {
      if (ended) return
      ended = true
      clearInterval(heartbeat)
      unsubscribe()
      // The connection goes with the stream: a browser reconnects (to this or another instance).
      res.once('finish', () => socket?.destroy())
      res.end()
    }
    // The browser left (the response's close: the request's may come as soon as it was read).
    res.on('close', end)

    if (catchingUp) {
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
