import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, outageLog, RETRY_AFTER_SECONDS } from './db-outage'
import { type ErrorBody, HttpError } from './errors'

const fastifyMessages: Record<string, { status: number; code: string; error: string }> = {
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
      // Shed by under-pressure: the server is overloaded, not broken.
      status = 503
      body = {
        error: 'Le service est momentanément surchargé. Veuillez réessayer dans un instant.',
        code: 'SERVICE_UNAVAILABLE',
      }
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode
      body = { error: 'Requête invalide.', code: err.code ?? 'BAD_REQUEST' }
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
