import { useEffect, useState } from 'react'

/** The value, once it has stopped changing for `delay` ms (searches wait 300 ms after the last key). */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(id)
  }, [value, delay])
  return debounced
}
