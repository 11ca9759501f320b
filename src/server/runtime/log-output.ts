import { pino, type Logger } from 'pino'
import SonicBoom from 'sonic-boom'
import { safeLogOptions } from '../http/log-safety'

/**
 * Where the server's log lines go: standard output, written asynchronously and never waited for
 * (docs/security/run-time.md "Shutdown under load"). pino's default destination registers a synchronous flush at exit which,
 * once the reader of the pipe is gone (EPIPE) or stalls (EAGAIN), sleeps and retries forever in
 * `Atomics.wait`: the main thread sat in a futex, so neither the graceful close nor the forced
 * exit could run. Here a dead pipe drops the lines, a stalled one buffers up to 16 MB and then
 * drops, and the exit only waits for a bounded flush.
 */
type LogOutput = { write(line: string): void; flush(timeoutMs: number): Promise<void> }

let stdout: LogOutput | undefined

export function logOutput(): LogOutput {
  return (stdout ??= createLogOutput(1))
}

function createLogOutput(fd: number): LogOutput {
  const stream = new SonicBoom({ fd, sync: false, maxLength: 16 * 1024 * 1024 })
  let broken = false
  // EPIPE (nobody reads any more) or any other write error: drop the lines from now on.
  stream.on('error', () => {
    broken = true
  })
  return {
    write(line) {
      if (!broken) stream.write(line)
    },
    flush(timeoutMs) {
      if (broken) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs)
        try {
          stream.flush(() => {
            clearTimeout(timer)
            resolve()
          })
        } catch {
          clearTimeout(timer)
          resolve()
        }
      })
    },
  }
}

let processLogger: Logger | undefined

/** A logger for what happens outside a request and outside the app (the pool's own events). */
export function processLog(): Logger {
  return (processLogger ??= pino({ level: process.env.LOG_LEVEL ?? 'info', ...safeLogOptions }, logOutput()))
}
