import pino from 'pino'
import { describe, expect, it, vi } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import { requestLogger } from '../../src/server/http/request-logger'
import { safeLogOptions } from '../../src/server/runtime/log-safety'

/** A pino logger as the app makes it (redaction, serializers), writing its lines into an array. */
function appLogger(level = 'info') {
  const lines: string[] = []
  const logger = pino(
    { ...safeLogOptions, level, timestamp: false },
    { write: (line: string) => void lines.push(line) },
  ) as unknown as FastifyBaseLogger
  return { logger, lines }
}

const bindings = { reqId: '0f8c1c2e-6d5a-4a84-b2b8-5a8f3c7e9d10' }

describe('a request’s logger (http/request-logger.ts)', () => {
  it('writes the very lines of pino’s child: an object and its message, an error, a bare message', () => {
    const lazy = appLogger()
    const eager = appLogger()
    const child = eager.logger.child(bindings)
    const log = requestLogger(lazy.logger, bindings, {})
    const line = { method: 'GET', url: '/_api/products', statusCode: 200, responseTime: 0.4 }
    log.info(line, 'request completed')
    child.info(line, 'request completed')
    log.warn({ headers: { cookie: 'etal_session=secret' }, token: 'abc' }, 'refused')
    child.warn({ headers: { cookie: 'etal_session=secret' }, token: 'abc' }, 'refused')
    log.error({ err: new Error('boom') }, 'request errored')
    child.error({ err: new Error('boom') }, 'request errored')
    log.info('a bare message')
    child.info('a bare message')
    const strip = (l: string) => l.replace(/"stack":"[^"]*"/, '"stack":…')
    expect(lazy.lines.map(strip)).toEqual(eager.lines.map(strip))
    expect(lazy.lines[0]).toContain(`"reqId":"${bindings.reqId}","method":"GET"`)
    expect(lazy.lines[1]).not.toContain('secret')
  })

  it('makes no child for a level the app’s logger leaves out, nor for a line written through the app’s', () => {
    const { logger, lines } = appLogger('warn')
    const child = vi.spyOn(logger, 'child')
    const log = requestLogger(logger, bindings, {})
    log.info({ method: 'GET' }, 'request completed')
    log.debug('detail')
    expect(lines).toEqual([])
    log.warn({ method: 'GET' }, 'slow')
    expect(lines).toHaveLength(1)
    expect(child).not.toHaveBeenCalled()
    log.warn('a message alone')
    expect(child).toHaveBeenCalledTimes(1)
  })

  it('gives a route with options of its own for its logger (a level) pino’s child at once', () => {
    const { logger, lines } = appLogger('info')
    const log = requestLogger(logger, bindings, { level: 'warn' })
    log.info({ method: 'GET' }, 'request completed')
    expect(lines).toEqual([])
    expect(log.level).toBe('warn')
  })
})
