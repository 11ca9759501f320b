import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import superjson from 'superjson'
import { answerText } from './answer-text'
import { SENT } from './sent'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

export type Encoding = 'br' | 'gzip' | 'identity'

/**
 * One answer, serialized once; each compressed form made once, on first demand. `use`: 'kept'
 * for an answer served until it expires (compressed hard, once), 'once' for one made for a
 * single request when the cache is off, or for the callers of one computation (preparedAnswer),
 * compressed as fast as `@fastify/compress` does.
 * `value` is what was serialized (read, never changed: the server renders pages with it,
 * web/first-pages.ts; for an answer whose loader wrote its text, read back from that text on
 * first use); the same object is served for as long as the answer does not change, even past
 * its expiry.
 */
export type CachedAnswer<T = unknown> = {
  text: string
  readonly value: T
  body: Buffer
  use: 'kept' | 'once'
  encoded: Map<Encoding, Promise<Buffer>>
  /** The forms already made (`encoded`'s, settled): sent without waiting (http/kept-first.ts). */
  ready: Map<Encoding, Buffer>
}

/** Every answer made here: a handler may return one (isCachedAnswer), the kernel sends it. */
const made = new WeakSet<object>()

/** Whether `v` is an answer made here (the kernel sends it as is: http/kernel.ts). */
export const isCachedAnswer = (v: unknown): v is CachedAnswer =>
  typeof v === 'object' && v !== null && made.has(v)

/**
 * An answer serialized now, for a handler that keeps or shares it (the order list:
 * api/orders/admin/list.ts): whoever is served it after the first is sent the same bytes, each
 * compressed form made once, on first demand, as fast as `@fastify/compress` makes it
 * (docs/decisions/0068). The kernel holds `value` to the call's answer outside production.
 */
export const preparedAnswer = <T>(value: T): CachedAnswer<T> => makeAnswer(answerText(value), 'once', value)

export function makeAnswer<T>(text: string, use: CachedAnswer['use'], value?: T): CachedAnswer<T> {
  const body = Buffer.from(text)
  let read: { value: T } | undefined = value === undefined ? undefined : { value }
  const answer: CachedAnswer<T> = {
    text,
    body,
    use,
    encoded: new Map([['identity', Promise.resolve(body)]]),
    ready: new Map([['identity', body]]),
    get value() {
      read ??= { value: superjson.parse<T>(text) }
      return read.value
    },
  }
  made.add(answer)
  return answer
}

/** The best encoding the client accepts: br, then gzip, else none (q=0 refuses one). */
export function pickEncoding(accept: string | undefined): Encoding {
  if (!accept) return 'identity'
  const offered = new Map(
    accept.split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return [name ?? '', q ? Number(q.slice(2)) : 1] as const
    }),
  )
  const ok = (e: string) => (offered.get(e) ?? offered.get('*') ?? 0) > 0
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : 'identity'
}

/** How many compressed forms of answers this process made (tests/api/admin-orders-coalesced.test.ts reads it). */
export const compressedForms = { made: 0 }

function encode(answer: CachedAnswer, encoding: Encoding): Promise<Buffer> {
  let done = answer.encoded.get(encoding)
  if (!done) {
    compressedForms.made++
    done =
      encoding === 'br'
        ? brotli(answer.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: answer.use === 'kept' ? 9 : 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length,
            },
          })
        : gz(answer.body, { level: answer.use === 'kept' ? 9 : 6 })
    answer.encoded.set(encoding, done)
    done.then(
      (bytes) => answer.ready.set(encoding, bytes),
      () => undefined,
    )
  }
  return done
}

/**
 * Sends a cached answer, compressed once per encoding rather than at every request. The front
 * door of kept answers sends the same headers in the same order (http/kept-first.ts).
 */
export async function sendCached(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  const encoding = answer.body.length >= 1024 ? pickEncoding(req.headers['accept-encoding']) : 'identity'
  const body = await encode(answer, encoding)
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding')
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  reply.send(body)
  return SENT
}
