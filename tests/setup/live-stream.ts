import type { InjectOptions, LightMyRequestResponse } from 'fastify'
/** One server-sent event as the browser's EventSource would hand it over. */
export type StreamEvent = { id?: string; event: string; data: string }

/**
 * Opens a live stream (docs/rules/orders.md#live) over real HTTP, as a browser does, and keeps
 * every event it reads; `until` waits for one to match.
 */
export async function openStream(
  base: string,
  cookie: string,
  lastEventId?: string,
  headers: Record<string, string> = {},
) {
  const controller = new AbortController()
  const res = await fetch(`${base}/_api/live/orders`, {
    headers: {
      cookie,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
      ...headers,
    },
    signal: controller.signal,
  })
  const events: StreamEvent[] = []
  /** As the browser keeps it: the last `id:` read, an event's or one alone. */
  let lastId: string | undefined
  let ended = false
  const reading = (async () => {
    if (!res.ok || !res.body) return
    const decoder = new TextDecoder()
    let text = ''
    try {
      for await (const chunk of res.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true })
        let cut
        while ((cut = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, cut)
          text = text.slice(cut + 2)
          const e: StreamEvent = { event: 'message', data: '' }
          let hasData = false
          for (const line of block.split('\n')) {
            const [name, ...rest] = line.split(':')
            const value = rest.join(':').replace(/^ /, '')
            if (name === 'id') e.id = lastId = value
            else if (name === 'event') e.event = value
            else if (name === 'data') {
              e.data += value
              hasData = true
            }
          }
          // A block without data is not an event (an id alone, a retry): the browser keeps its id.
          if (hasData) events.push(e)
        }
      }
    } catch {
      // closed by the test
    }
    ended = true
  })()
  return {
    res,
    events,
    orders: () =>
      events
        .filter((e) => e.event === 'order')
        .map((e) => JSON.parse(e.data) as { id: number; orderId: number; type: string; to: string | null }),
    async until(ok: (list: StreamEvent[]) => boolean, what: string, ms = 5_000) {
      for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20)))
        if (ok(events)) return
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(events)}`)
    },
    lastEventId: () => lastId,
    /** Whether the server ended the stream (or the test closed it). */
    ended: () => ended,
    async close() {
      controller.abort()
      await reading
    },
  }
}

/**
 * An in-process request whose answer may be a live stream: a stream never ends by itself, so its
 * status and headers are judged and it is dropped; any other answer is read whole.
 */
export async function injectAnswer(
  app: { inject: (opts: InjectOptions) => Promise<LightMyRequestResponse> },
  opts: InjectOptions,
): Promise<LightMyRequestResponse> {
  const res = await app.inject({ ...opts, payloadAsStream: true })
  const chunks: Buffer[] = []
  if (String(res.headers['content-type']).startsWith('text/event-stream')) res.stream().destroy()
  else for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk as Uint8Array))
  const text = Buffer.concat(chunks).toString('utf8')
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    body: text,
    payload: text,
    json: () => JSON.parse(text) as unknown,
  } as unknown as LightMyRequestResponse
}
