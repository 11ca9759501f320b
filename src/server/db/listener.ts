import pg from 'pg'
import { processLog } from '../runtime/log-output'

export type Listening = {
  /** Whether the listening connection is up (tests). */
  readonly listening: boolean
  close(): Promise<void>
}

type Options = {
  url: string
  channel: string
  onMessage(payload: string): void
  /** (Re)connected: whatever was sent while nothing listened went unheard. */
  onConnect?(): void
  retryMs?: { min: number; max: number }
  /** What listens, named in the log line of a lost connection ("database" by default). */
  name?: string
  /** Where that line goes (the process log by default). */
  log?: (msg: string, err?: unknown) => void
}

/**
 * LISTEN on one channel of a PostgreSQL server, on a connection of its own that reconnects with a
 * doubling back-off when it drops (live orders, the storefront's sync). Notifications
 * sent while it is down are lost: `onConnect` runs at every (re)connection so that its user can
 * catch up (docs/rules/orders.md#live).
 */
export async function listenPostgres(opts: Options): Promise<Listening> {
  const { min, max } = opts.retryMs ?? { min: 500, max: 30_000 }
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
    const msg = `${opts.name ?? 'database'} listener lost, reconnecting`
    if (opts.log) opts.log(msg, err)
    else processLog().warn({ err, channel: opts.channel }, msg)
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
      connectionTimeoutMillis: 5_000,
    })
    c.on('error', (err) => lost(c, err))
    c.on('end', () => lost(c))
    c.on('notification', (msg) => {
      if (msg.channel === opts.channel && msg.payload) opts.onMessage(msg.payload)
    })
    try {
      await c.connect()
      await c.query(`listen ${opts.channel}`)
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
    opts.onConnect?.()
  }

  await connect()
  return {
    get listening() {
      return client !== undefined
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
