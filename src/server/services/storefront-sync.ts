import { randomUUID } from 'node:crypto'
import pg from 'pg'

export const STOREFRONT_CHANNEL = 'etal_storefront'

type Options = {
  url: string
  /** Sends the notifications (the listener's own connection only listens). */
  pool: pg.Pool
  /** Another instance wrote, or this one may have missed a write (it was reconnecting): drop the cache. */
  onRemoteWrite(): void
  /** Back-off between reconnection attempts, doubling from min to max. */
  retryMs?: { min: number; max: number }
  log?: (msg: string, err?: unknown) => void
}

const defaultLog = (msg: string, err?: unknown) =>
  console.error(JSON.stringify({ level: 40, msg, err: err instanceof Error ? err.message : err }))

/**
 * Tells the other instances (workers, servers) on one PostgreSQL that the storefront changed,
 * with LISTEN/NOTIFY: each holds one connection that listens, and a write sends a NOTIFY
 * (`publish`) once it has committed. Notifications sent while a listener is disconnected are
 * lost, so it drops its cache whenever it (re)connects; the cache's TTL stays the safety net
 * for a connection that dies silently.
 */
export function createStorefrontSync(opts: Options) {
  const id = randomUUID()
  const { min, max } = opts.retryMs ?? { min: 500, max: 30_000 }
  const log = opts.log ?? defaultLog
  const dead = new WeakSet<pg.Client>()
  let client: pg.Client | undefined
  let closed = false
  let timer: NodeJS.Timeout | undefined
  let delay = min

  function lost(c: pg.Client, err?: unknown) {
    if (dead.has(c)) return
    dead.add(c)
    if (client === c) client = undefined
    c.end().catch(() => undefined)
    if (closed) return
    log('storefront listener lost, reconnecting', err)
    timer = setTimeout(() => void connect(), delay)
    delay = Math.min(delay * 2, max)
  }

  async function connect() {
    timer = undefined
    if (closed) return
    const c = new pg.Client({
      connectionString: opts.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    c.on('error', (err) => lost(c, err))
    c.on('end', () => lost(c))
    c.on('notification', (msg) => {
      if (msg.channel === STOREFRONT_CHANNEL && msg.payload !== id) opts.onRemoteWrite()
    })
    try {
      await c.connect()
      await c.query(`listen ${STOREFRONT_CHANNEL}`)
    } catch (err) {
      lost(c, err)
      return
    }
    if (closed) {
      dead.add(c)
      await c.end().catch(() => undefined)
      return
    }
    client = c
    delay = min
    // Writes made elsewhere while nothing listened went unheard.
    opts.onRemoteWrite()
  }

  /** Settles after the first attempt to listen, whether it succeeded or a retry is scheduled. */
  const ready = connect()

  return {
    ready,
    /** Whether the listening connection is up (tests). */
    get listening() {
      return client !== undefined
    },
    /** Tells the others; a failure is logged, not thrown: their TTL still applies. */
    async publish() {
      try {
        await opts.pool.query('select pg_notify($1, $2)', [STOREFRONT_CHANNEL, id])
      } catch (err) {
        log('storefront notify failed', err)
      }
    },
    async close() {
      closed = true
      clearTimeout(timer)
      const c = client
      client = undefined
      if (c) {
        dead.add(c)
        await c.end().catch(() => undefined)
      }
    },
  }
}

export type StorefrontSync = ReturnType<typeof createStorefrontSync>
