import { useCallback, useRef } from 'react'
import { waitingPollDelayMs } from '@/shared/domain/payments'

/**
 * A `refetchInterval` for a page waiting for a payment (docs/rules/money.md#payments): given
 * whether it still waits, the next delay of `waitingPollDelayMs`, counted from when this wait
 * began; false once the payment is final (and a later wait starts again at 3 s).
 */
export function useWaitingPoll(now: () => number = Date.now) {
  const since = useRef<number | null>(null)
  return useCallback(
    (waiting: boolean): number | false => {
      if (!waiting) {
        since.current = null
        return false
      }
      since.current ??= now()
      return waitingPollDelayMs(now() - since.current)
    },
    [now],
  )
}
