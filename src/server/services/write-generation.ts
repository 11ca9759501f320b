/**
 * How many writes (non-GET API calls) this process has finished, per database. A coalesced
 * read (single-flight.ts) keys on it, so a caller never joins a computation that began before a
 * write whose answer it may already have seen: after a status change, the list shows it.
 */
const generations = new WeakMap<object, number>()

export const writeGeneration = (owner: object) => generations.get(owner) ?? 0

export function writeFinished(owner: object) {
  generations.set(owner, writeGeneration(owner) + 1)
}

/**
 * Answers kept until the next write finishes, at most `max` at a time: for a database that only
 * this process writes to (PGlite, docs/architecture.md "The stack"), where such an answer is never stale.
 * A failed computation is not kept.
 */
export function untilNextWrite<T>(max = 64) {
  const kept = new WeakMap<object, { generation: number; answers: Map<string, Promise<T>> }>()
  return (owner: object, key: string, run: () => Promise<T>): Promise<T> => {
    const generation = writeGeneration(owner)
    let entry = kept.get(owner)
    if (!entry || entry.generation !== generation)
      kept.set(owner, (entry = { generation, answers: new Map() }))
    const answers = entry.answers
    const found = answers.get(key)
    if (found) return found
    if (answers.size >= max) answers.clear()
    const started = run()
    answers.set(key, started)
    started.catch(() => answers.delete(key))
    return started
  }
}
