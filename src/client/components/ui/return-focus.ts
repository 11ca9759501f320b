import { useLayoutEffect, useRef } from 'react'

/**
 * Where focus goes when a dialog opened from state (no Radix Trigger) closes: back to the
 * element that had it when the dialog opened, the button that opened it, as Radix does for its
 * own Trigger; if that element has left the page (the row it was on is gone), to the page's
 * main region (the same when it can no longer take focus). Without it Radix focuses its missing trigger, that is nothing, and a keyboard
 * user starts again from the top of the page.
 */
export function useReturnFocus(open: boolean | undefined) {
  const opener = useRef<HTMLElement | null>(null)
  // A layout effect runs before Radix moves the focus into the dialog (its portal mounts later).
  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null
    }
  }, [open])
  /** The dialog's `onCloseAutoFocus`. */
  return (event: Event) => {
    event.preventDefault()
    const main = document.getElementById('main')
    const target = opener.current?.isConnected ? opener.current : main
    opener.current = null
    target?.focus()
    // A button disabled meanwhile (its action running) cannot take the focus.
    if (document.activeElement !== target) main?.focus()
  }
}
