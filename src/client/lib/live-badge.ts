import { useSyncExternalStore } from 'react'

/**
 * The new orders heard since staff last opened the orders list (docs/rules/orders.md#live): the
 * badge on the menu's "Commandes". Small on purpose: the staff layout reads it with the first
 * load, the stream that feeds it (live-orders.ts) comes later, in a chunk of its own.
 */
let count = 0
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((l) => l())

export const liveBadge = {
  add() {
    count += 1
    changed()
  },
  clear() {
    if (count === 0) return
    count = 0
    changed()
  },
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => void listeners.delete(l)
}

export const useLiveBadge = () =>
  useSyncExternalStore(
    subscribe,
    () => count,
    () => 0,
  )
