/**
 * Identical reads in flight at the same moment share one computation: a caller that arrives
 * while the same key is being computed gets that computation's answer instead of starting its
 * own. Nothing is kept once it settles, so an answer is never older than the request it joined
 * (a few milliseconds); under a burst of identical requests the database works once, not once
 * per request. One group per database, so that two apps in one process share nothing.
 */
export function singleFlight<Owner extends object, T>() {
  const groups = new WeakMap<Owner, Map<string, Promise<T>>>()
  return (owner: Owner, key: string, run: () => Promise<T>): Promise<T> => {
    let group = groups.get(owner)
    if (!group) groups.set(owner, (group = new Map()))
    const pending = group.get(key)
    if (pending) return pending
    const started = run().finally(() => group.delete(key))
    group.set(key, started)
    return started
  }
}
