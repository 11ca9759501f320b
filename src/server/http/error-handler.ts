import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ErrorCode } from '@/shared/calls/errors'
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, outageLog, RETRY_AFTER_SECONDS } from '../db/outage'
import { type ErrorBody, HttpError } from './errors'
import { OVERLOADED } from './overload-guard'

const fastifyMessages: Record<string, { status: number; code: ErrorCode; error: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    error: 'La requête est trop volumineuse.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    error: 'Type de contenu non pris en charge : envoyez du JSON.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    error: 'Le corps de la requête est un JSON invalide.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    error: 'Le corps de la requête est vide.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    error: 'Longueur de contenu invalide.',
  },
}

/** Every failure answers { error, code, fieldErrors? }; auth calls also carry `message`. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status = 500
    let body: ErrorBody
    if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400
      const fieldErrors: Record<string, string[]> = {}
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_'
        ;(fieldErrors[key] ??= []).push(v.message ?? 'Valeur invalide.')
      }
      body = {
        error: err.validation[0]?.message ?? 'Données invalides.',
        code: 'VALIDATION_ERROR',
        fieldErrors,
      }
    } else if (err instanceof HttpError) {
      status = err.status
      if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter))
      body = {
        error: err.message,
        code: err.code,
        ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}),
      }
    } else if (err.code && fastifyMessages[err.code]) {
      const known = fastifyMessages[err.code]!
      status = known.status
      body = { error: known.error, code: known.code }
    } else if (err.statusCode === 429) {
      status = 429
      // The rate limiter's own French message says how long to wait.
      const own = (err as unknown as { error?: unknown }).error
      body = {
        error: typeof own === 'string' ? own : 'Trop de requêtes. Veuillez réessayer plus tard.',
        code: 'TOO_MANY_REQUESTS',
      }
    } else if (err.statusCode === 503) {
      // Shed by the overload guard: the server is overloaded, not broken.
      status = 503
      body = { ...OVERLOADED }
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode
      // Fastify's own code (FST_…) is not the contract's: the browser reads one it knows.
      body = { error: 'Requête invalide.', code: 'BAD_REQUEST' }
    } else if (isDatabaseUnavailable(err)) {
      // The database is unreachable, not this request faulty: 503, and one log line per interval.
      status = 503
      body = { ...DATABASE_UNAVAILABLE }
      reply.header('retry-after', String(RETRY_AFTER_SECONDS))
      outageLog.failed(req.log, err, { reqId: req.id })
    } else {
      req.log.error({ err, reqId: req.id }, 'unhandled error')
      body = { error: 'Une erreur interne est survenue. Veuillez réessayer.', code: 'INTERNAL_ERROR' }
    }
    if (status === 401 || status === 403 || status === 429) {
      req.log.warn(
        { reqId: req.id, status, code: body.code, url: req.routeOptions.url ?? req.url },
        'request refused',
      )
    }
    if (req.url.startsWith('/_api/auth/')) body.message = body.error
    return reply.status(status).type('application/json; charset=utf-8').send(body)
  })
}

/** Node's parser refusals, by its error code (docs/security/outside-attack.md "The second outside attack", item 9). */
const parserRefusal = (code: string | undefined): { status: number; reason: string; body: ErrorBody } =>
  code === 'HPE_HEADER_OVERFLOW'
    ? {
        status: 431,
        reason: 'Request Header Fields Too Large',
        body: {
          error: "L'adresse ou les en-têtes de la requête sont trop longs.",
          code: 'HEADERS_TOO_LARGE',
        },
      }
    : code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? {
          status: 408,
          reason: 'Request Timeout',
          body: { error: "La requête n'est pas arrivée à temps.", code: 'REQUEST_TIMEOUT' },
        }
      : {
          status: 400,
          reason: 'Bad Request',
          body: { error: 'Requête mal formée.', code: 'BAD_REQUEST' },
        }

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a control character in a header,
 * a URL or headers past 16 KB, a broken request line, a request too slow): Fastify's default
 * wrote `{"error":"Bad Request","message":"Client Error"}` or an English 431. Every refusal is
 * `{ error, code }` in French (docs/rules/api.md#answers), written here on the raw socket, which
 * is then closed (the parser cannot read on after such a request).
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const { status, reason, body } = parserRefusal(err.code)
  this.log.debug({ code: err.code, status }, 'client error')
  if (socket.writable) {
    const text = JSON.stringify(body)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        text,
    )
  }
  socket.destroy(err)
}

/**
 * Fastify's own refusals made before a route runs (a URL whose percent-encoding is broken, a
 * parameter past its length): in French too.
 */
export function frameworkErrors(_err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  // No route ran, so neither did the security headers' hook: the two an API answer needs.
  return reply
    .status(400)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type('application/json; charset=utf-8')
    .send({ error: "L'adresse demandée est invalide.", code: 'BAD_REQUEST' } satisfies ErrorBody)
}
