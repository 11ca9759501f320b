import type { FastifyBaseLogger } from 'fastify'
import type { Bindings, ChildLoggerOptions } from 'pino'

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
type Log = (...args: unknown[]) => void

/**
 * A request's logger (`req.log`, `reply.log`), made only when something is written through it.
 * Fastify makes each request a pino child carrying its request id; with the redaction paths of
 * runtime/log-safety.ts, pino runs every binding through the redaction's wildcard stringifier,
 * and that child cost about a twentieth of the CPU of a cached storefront read, for a logger
 * most requests never write to but once, for their line (http/request-log.ts; docs/decisions/0068).
 * An object and its message go through the app's logger with the request id put first among the
 * object's fields: the very line the child writes. Anything else makes the child, once.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined
  readonly #parent: FastifyBaseLogger
  readonly #bindings: Bindings

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent
    this.#bindings = bindings
  }

  #real() {
    return (this.#child ??= this.#parent.child(this.#bindings))
  }

  get level() {
    return this.#child?.level ?? this.#parent.level
  }

  set level(level: string) {
    this.#real().level = level
  }

  #write(level: Level, args: unknown[]) {
    if (!this.#child) {
      // A level the app's logger leaves out costs nothing: no child is made for it.
      if (!isEnabled(this.#parent, level)) return
      // An object and a message (the request's line): the same line through the app's logger,
      // the request id first among the object's fields, as the child writes it.
      const [first, ...rest] = args
      if (isPlain(first)) return (this.#parent[level] as Log)({ ...this.#bindings, ...first }, ...rest)
    }
    ;(this.#real()[level] as Log)(...args)
  }

  // Methods of the class, not a function of each request's own: made once, not at every request.
  fatal(...args: unknown[]) {
    this.#write('fatal', args)
  }
  error(...args: unknown[]) {
    this.#write('error', args)
  }
  warn(...args: unknown[]) {
    this.#write('warn', args)
  }
  info(...args: unknown[]) {
    this.#write('info', args)
  }
  debug(...args: unknown[]) {
    this.#write('debug', args)
  }
  trace(...args: unknown[]) {
    this.#write('trace', args)
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options)
  }
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype

const isEnabled = (logger: FastifyBaseLogger, level: Level) => {
  const check = (logger as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled
  return check ? check.call(logger, level) : true
}

/**
 * Fastify's `childLoggerFactory`: a request's logger made on its first line. A route with options
 * of its own for its logger (a `logLevel`) gets pino's child at once, as Fastify makes it.
 */
export function requestLogger(
  this: unknown,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (Object.keys(options).length) return logger.child(bindings, options)
  return new RequestLogger(logger, bindings)
}
