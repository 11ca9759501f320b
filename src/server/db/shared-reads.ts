import { LRUCache } from 'lru-cache'

/*
 * Reads shared among the requests of this process, per database, never across a write
 * (docs/decisions/0037). Callers that ask for the same key while it is being computed share
 * that computation instead of starting their own: under a burst of identical requests the
 * database works once, not once per request (on PGlite, whose one connection runs one statement
 * at a time, 32 staff reading the order list queued 32 copies: docs/security/run-time.md "The overload
 * guard and argon2"). A write finished on the database (`writeFinished`, called by app.ts after
 * every non-GET API call) drops everything shared: a caller after it never joins a computation
 * that began before it, so after a status change the list shows it. The cache is lru-cache's:
 * its `fetch` shares a computation in flight, its `clear` aborts those in flight, whose callers
 * still get their answer (`ignoreFetchAbort`) but which is not kept.
 */

type Box<T> = { value: T }
type Cache<T> = LRUCache<string, Box<T>, () => Promise<Box<T>>>

/** Every shared read of each database, cleared when a write on it finishes. */
const byDatabase = new WeakMap<object, Set<Cache<unknown>>>()

/** A write (committed or failed) has finished on `db`: nothing read before it is shared any more. */
export function writeFinished(db: object) {
  for (const cache of byDatabase.get(db) ?? []) cache.clear()
}

/**
 * Reads of one kind, shared per database. `keep`: 'in-flight' shares a computation only while
 * it runs (nothing is kept once it settles, so an answer is never older than the request that
 * joined it); 'until-write' also keeps the answer until the next write finishes, at most `max`
 * of them, for a database that only this process writes to (PGlite), where a kept answer is
 * never stale. A failed computation is never kept.
 */
export function sharedReads<T>(opts: { keep: 'in-flight' | 'until-write'; max?: number }) {
  const caches = new WeakMap<object, Cache<T>>()
  const cacheOf = (db: object) => {
    let cache = caches.get(db)
    if (!cache) {
      cache = new LRUCache<string, Box<T>, () => Promise<Box<T>>>({
        // Small: lru-cache's clear (a write), and a delete that empties it, walk all `max` places.
        max: opts.max ?? 64,
        ignoreFetchAbort: true,
        fetchMethod: (_key, _previous, { context: compute }) => compute(),
      })
      caches.set(db, cache)
      let all = byDatabase.get(db)
      if (!all) byDatabase.set(db, (all = new Set()))
      all.add(cache as Cache<unknown>)
    }
    return cache
  }
  return async (db: object, key: string, compute: () => Promise<T>): Promise<T> => {
    const cache = cacheOf(db)
    const box = (await cache.fetch(key, { context: async () => ({ value: await compute() }) }))!
    // Settled: the next caller computes again (the callers that waited have their answer).
    if (opts.keep === 'in-flight' && cache.peek(key) === box) cache.delete(key)
    return box.value
  }
}
