import { Suspense, useState, type ReactNode } from 'react'

/**
 * Hydration in pieces (docs/decisions/0028). The renderer (Preact, decision 0023) hydrates a
 * page in one task; a part wrapped in `HydrateLater` is left out of that task: while the page is
 * being hydrated it suspends, and Preact keeps its server-rendered markup on screen as it is
 * (nothing moves, nothing is drawn again), then hydrates it in a task of its own once the first
 * one is over, one part per task. After the first hydration (a page drawn by a navigation, the
 * server's render, the component tests) it renders its children at once.
 */
let hydrating = false
const waiting: (() => void)[] = []
let draining = false

/**
 * main.tsx calls it around `hydrateRoot`: the parts met during that call wait their turn. The
 * first hydration lasts until every waiting part is in: a part met while a released one is being
 * hydrated (the cards of the page, itself hydrated after the header) waits its turn too.
 */
export function hydratingFirstPage(on: boolean) {
  if (on) hydrating = true
  else drain()
}

/** One waiting part per task, so that a tap or a paint can come between two of them. */
function drain() {
  if (draining) return
  draining = true
  const next = () => {
    const release = waiting.shift()
    if (!release) {
      draining = false
      hydrating = false
      return
    }
    release()
    setTimeout(next, 0)
  }
  setTimeout(next, 0)
}

type Pending = { promise: Promise<void>; done: boolean }
const pendingOf = new WeakMap<object, Pending>()

function Gate({ id, children }: { id: object; children: ReactNode }) {
  let pending = pendingOf.get(id)
  if (!pending && hydrating) {
    const made: Pending = { done: false, promise: Promise.resolve() }
    made.promise = new Promise<void>((resolve) => waiting.push(resolve)).then(() => {
      made.done = true
    })
    pendingOf.set(id, made)
    pending = made
  }
  if (pending && !pending.done) throw pending.promise
  return children
}

/**
 * Its children are hydrated after the rest of the page (below the first screen, say). After the
 * first hydration, `fallback` is what shows while its children suspend (a lazy page's code).
 */
export function HydrateLater({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  // One identity per mounted part, kept across the suspended render and the one that resumes it.
  const [id] = useState(() => ({}))
  return (
    <Suspense fallback={fallback}>
      <Gate id={id}>{children}</Gate>
    </Suspense>
  )
}
