import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { listenPostgres, type Listening } from '@/server/db/listener'

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
  const log = opts.log ?? defaultLog
  const listening = listenPostgres({
    url: opts.url,
    channel: STOREFRONT_CHANNEL,
    name: 'storefront',
    log,
    retryMs: opts.retryMs,
    onMessage: (payload) => {
      if (payload !== id) opts.onRemoteWrite()
    },
    // Writes made elsewhere while nothing listened went unheard.
    onConnect: () => opts.onRemoteWrite(),
  })
  let listener: Listening | undefined
  /** Settles after the first attempt to listen, whether it succeeded or a retry is scheduled. */
  const ready = listening.then((l) => {
    listener = l
  })

  return {
    ready,
    /** Whether the listening connection is up (tests). */
    get listening() {
      return listener?.listening ?? false
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
      await (await listening).close()
    },
  }
}

export type StorefrontSync = ReturnType<typeof createStorefrontSync>
