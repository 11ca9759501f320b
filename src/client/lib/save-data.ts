import { useSyncExternalStore } from 'react'

type Connection = EventTarget & { saveData?: boolean }
const connection = () =>
  typeof navigator === 'undefined' ? undefined : (navigator as { connection?: Connection }).connection

function subscribe(onChange: () => void) {
  const c = connection()
  c?.addEventListener('change', onChange)
  return () => c?.removeEventListener('change', onChange)
}

/**
 * Whether the device asks to save data (`navigator.connection.saveData`, Chromium's data
 * saver): the photos then offer their smallest width alone (docs/rules/catalogue.md#photos). False on the
 * server and during hydration (the server's answer), so the first render matches the HTML
 * the server sent; read once hydrated. The server also honours the `Save-Data` header.
 */
export function useSaveData(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => connection()?.saveData === true,
    () => false,
  )
}
