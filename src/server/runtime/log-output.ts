import { createRequire } from 'node:module'
import { pino, type Logger } from 'pino'
import type PinoPretty from 'pino-pretty'
import SonicBoom from 'sonic-boom'
import { safeLogOptions } from './log-safety'

/**
 * Where the server's log lines go: standard output, written asynchronously and never waited for
 * (docs/security/run-time.md "Shutdown under load"). pino's default destination registers a synchronous flush at exit which,
 * once the reader of the pipe is gone (EPIPE) or stalls (EAGAIN), sleeps and retries forever in
 * `Atomics.wait`: the main thread sat in a futex, so neither the graceful close nor the forced
 * exit could run. Here a dead pipe drops the lines, a stalled one buffers up to 16 MB and then
 * drops, and the exit only waits for a bounded flush.
 *
 * In development on a terminal, each line is written as one readable line (pino-pretty) instead
 * of its JSON: production, a pipe, a file or a log collector always get the JSON.
 */
type LogOutput = { write(line: string): void; flush(timeoutMs: number): Promise<void> }

let stdout: LogOutput | undefined

export function logOutput(): LogOutput {
  return (stdout ??= createLogOutput(1))
}

function createLogOutput(fd: number): LogOutput {
  const stream = new SonicBoom({ fd, sync: false, maxLength: 16 * 1024 * 1024 })
  const pretty = fd === 1 ? prettyLines() : undefined
  let broken = false
  // EPIPE (nobody reads any more) or any other write error: drop the lines from now on.
  stream.on('error', () => {
    broken = true
  })
  return {
    write(line) {
      if (!broken) stream.write(pretty ? pretty(line) : line)
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

/**
 * pino-pretty's formatter, outside production and tests (NODE_ENV as config.ts reads it, unset
 * meaning development) when standard output is a terminal and pino-pretty is installed (a
 * devDependency: absent from a production install). A request's line (http/request-log.ts)
 * reads `GET /products → 200 (4.2 ms) {"reqId":"…"}`; the request id stays on every line.
 */
function prettyLines(): ((line: string) => string) | undefined {
  if ((process.env.NODE_ENV ?? 'development') !== 'development' || !process.stdout.isTTY) return undefined
  let pretty: typeof PinoPretty
  try {
    pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty
  } catch {
    return undefined
  }
  return pretty.prettyFactory({
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,method,url,statusCode,responseTime',
    messageFormat: (log, key) =>
      typeof log.statusCode === 'number'
        ? `${String(log.method)} ${String(log.url)} → ${log.statusCode} (${String(log.responseTime)} ms)`
        : `${String(log[key])}${typeof log.url === 'string' ? ` (${log.url})` : ''}`,
  })
}

let processLogger: Logger | undefined

/** A logger for what happens outside a request and outside the app (the pool's own events). */
export function processLog(): Logger {
  return (processLogger ??= pino({ level: process.env.LOG_LEVEL ?? 'info', ...safeLogOptions }, logOutput()))
}
