import { useState } from 'react'

/**
 * Whether `open` has been true at least once: a dialog loaded with React.lazy is mounted from its
 * first opening on (its code fetched then, not with the page) and stays mounted, closed, afterwards.
 */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}
