import { Worker } from 'node:worker_threads'

/**
 * The last resort of a shutdown (docs/security/run-time.md "Shutdown under load"): a thread of its own that kills the process
 * after `ms` should its main thread be stuck (a timer on the main thread cannot fire then, nor
 * can a second SIGTERM's handler run). It never fires when the shutdown ends in time.
 */
export function startWatchdog(ms: number) {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads')
     setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms)`,
    { eval: true, workerData: { pid: process.pid, ms } },
  )
  worker.unref()
  return worker
}
