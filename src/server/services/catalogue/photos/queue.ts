import pLimit from 'p-limit'
import { serviceUnavailable } from '@/server/http/errors'

/** Seconds a refused upload is told to wait: about what a large photo takes to process. */
export const PHOTO_RETRY_AFTER_SECONDS = 10
export const photoQueueFull = 'Trop de photos sont en cours de traitement. Réessayez dans quelques secondes.'

/** Photo processing, a few at a time (`createPhotoQueue`). */
export type PhotoQueue = {
  /** Runs this processing in its turn, or refuses it at once (503) when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>
  /** Processing now, and waiting its turn. */
  readonly active: number
  readonly waiting: number
  /** The most ever processed at once (the tests read it). */
  readonly peak: number
}

/**
 * Uploaded photos processed `concurrency` at a time (docs/security/outside-attack.md item 7): `sharp.concurrency(1)`
 * limits the threads of one image, not the images at once, and eight 49-megapixel photos decoded
 * together took the server from 130 to 591 MB. The next `queueMax` wait their turn; one more is
 * answered 503 `SERVICE_UNAVAILABLE` with `Retry-After`, in French, before its bytes are decoded
 * (docs/rules/catalogue.md#photos). One queue per process (AppDeps).
 */
export function createPhotoQueue({
  concurrency,
  queueMax,
}: {
  concurrency: number
  queueMax: number
}): PhotoQueue {
  const limit = pLimit(concurrency)
  let peak = 0
  return {
    run(work) {
      if (limit.activeCount + limit.pendingCount >= concurrency + queueMax) {
        return Promise.reject(serviceUnavailable(photoQueueFull, PHOTO_RETRY_AFTER_SECONDS))
      }
      return limit(() => {
        peak = Math.max(peak, limit.activeCount)
        return work()
      })
    },
    get active() {
      return limit.activeCount
    },
    get waiting() {
      return limit.pendingCount
    },
    get peak() {
      return peak
    },
  }
}
