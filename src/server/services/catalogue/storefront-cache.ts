import { LRUCache } from 'lru-cache'
import { answerText } from '@/server/http/answer-text'
import { makeAnswer, type CachedAnswer } from '@/server/http/prepared-answer'

// The answers' shape and how they are sent live in http/prepared-answer.ts (the kernel sends them too).
export { pickEncoding, sendCached, type CachedAnswer, type Encoding } from '@/server/http/prepared-answer'

type Loaded = { text: string; keep: boolean; value?: unknown }

/**
 * The storefront reads (`products`, `featured`, whole and per country, the places: a key each)
 * serialized once and kept in memory, in an `lru-cache` (docs/decisions/0037): its `fetch`
 * loads a missing or expired key once however many callers wait, and its `clear` drops every
 * answer at once. A product write on this instance clears it (`afterWrite`, called by the
 * kernel after every write that changes products: the endpoints that declare
 * `writesStorefront`), and `publish` tells the other instances (on PostgreSQL:
 * services/catalogue/storefront-sync.ts). Without it, or when a notification is lost, the others see the
 * write when their copy expires (`ttlMs`, a few seconds). `ttlMs` 0 turns the keeping off, not
 * the sharing: callers that arrive while the same answer is being read join that read, so a
 * burst of misses costs one statement, not one per request (docs/decisions/0022).
 *
 * A write never lets a reader see what was read before it: `clear` aborts the loads in flight,
 * whose callers still get their answer (`ignoreFetchAbort`) but whose answer is not kept, and
 * a caller after the write starts a load of its own.
 */
/** The most addresses remembered (`remember`): the storefront's reads, a few per country and city. */
const ADDRESSES = 1_000

export function createStorefrontCache(opts: {
  ttlMs: number
  now?: () => number
  publish?: () => Promise<void>
}) {
  const off = opts.ttlMs <= 0
  /** Answers served but not to be kept: their loader said so, or the cache is off. */
  const notKept = new WeakSet<CachedAnswer>()
  /** The key of each kept answer (`remember`). */
  const keyOf = new WeakMap<CachedAnswer, string>()
  const now = opts.now ?? (() => performance.now())
  /**
   * The address (path and query string, as the request wrote it) each kept answer was served
   * at, after its query string was validated (`remember`), with the moment its answer expires:
   * the same address is the same read, served at once until then (http/kept-first.ts). Emptied
   * with the cache (a write); at most `ADDRESSES`, as the addresses are the callers' to write.
   */
  const byAddress = new Map<string, { answer: CachedAnswer; until: number }>()
  const cache = new LRUCache<string, CachedAnswer, () => Promise<Loaded>>({
    // The keys are the storefront's reads (a few per country and city); a key made up by a
    // request is not kept (`keep`). Kept small: lru-cache's clear, and a delete that empties
    // it, walk all `max` places.
    max: off ? 64 : 1_000,
    ...(off ? {} : { ttl: opts.ttlMs }),
    // Expiry judged at every read, on the clock given (tests move it by hand).
    ttlResolution: 0,
    ...(opts.now ? { perf: { now: opts.now } } : {}),
    ignoreFetchAbort: true,
    async fetchMethod(key, previous, { context: load }) {
      const { text, keep, value } = await load()
      // Unchanged after expiry: the same answer, with the compressed forms already made.
      const answer =
        !off && previous?.text === text ? previous : makeAnswer(text, off ? 'once' : 'kept', value)
      if (off || !keep) notKept.add(answer)
      else keyOf.set(answer, key)
      return answer
    },
  })

  /** The answer of `key`, from a loader that writes its text (`answerText`'s format). */
  async function getText<T = unknown>(
    key: string,
    load: () => Promise<{ text: string; keep: boolean; value?: T }>,
  ): Promise<CachedAnswer<T>> {
    // A kept answer not yet expired: served as is, without the load's promises (lru-cache's
    // `get` neither loads nor drops an expired answer, which `fetch` below reads again).
    const kept = off ? undefined : cache.get(key, { noDeleteOnStaleGet: true })
    if (kept && !notKept.has(kept)) return kept as CachedAnswer<T>
    const answer = (await cache.fetch(key, { context: load }))!
    // Served to the callers that waited for it; the next one reads again.
    if (notKept.has(answer) && cache.peek(key) === answer) cache.delete(key)
    return answer as CachedAnswer<T>
  }

  return {
    /**
     * The cached answer of `key`, loading it (once, however many callers wait) when absent or
     * expired. An answer `keep` refuses is served but not kept: keys taken from a request (a
     * country id) keep only real answers, so that no one fills the memory with made-up ones.
     */
    get<T extends object>(
      key: string,
      load: () => Promise<T>,
      options: { keep?: (value: T) => boolean } = {},
    ): Promise<CachedAnswer<T>> {
      return getText<T>(key, async () => {
        const value = await load()
        return { text: answerText(value), keep: options.keep?.(value) ?? true, value }
      })
    },
    /** As `get`, for a loader that writes the answer's text itself (`answerText`'s format). */
    getText,
    /** `answer` was served at `address` (a public read's, validated): kept answers only. */
    remember(address: string, answer: CachedAnswer) {
      const key = keyOf.get(answer)
      if (key === undefined || cache.get(key, { noDeleteOnStaleGet: true }) !== answer) return
      if (byAddress.size >= ADDRESSES && !byAddress.has(address)) return
      byAddress.set(address, { answer, until: now() + cache.getRemainingTTL(key) })
    },
    /** The kept answer served at `address`, until it expires or a write (the front door's look). */
    keptAt(address: string): CachedAnswer | undefined {
      const kept = byAddress.get(address)
      if (kept && now() < kept.until) return kept.answer
      if (kept) byAddress.delete(address)
      return undefined
    },
    /** Drops every cached answer here: the next read goes to the database. */
    invalidate,
    /** A write changed the storefront: drops it here, then tells the other instances. */
    async afterWrite() {
      invalidate()
      await opts.publish?.()
    },
  }

  function invalidate() {
    cache.clear()
    byAddress.clear()
  }
}

export type StorefrontCache = ReturnType<typeof createStorefrontCache>
