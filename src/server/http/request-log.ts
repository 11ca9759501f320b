import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import { safeUrl } from '../runtime/log-safety'

/**
 * One log line per request, once it is answered, where Fastify writes two ("incoming request"
 * with the request, "request completed" with the status): its method, address (a token in the
 * query string hidden, log-safety.ts), status and time in milliseconds, with the request id the
 * logger puts on every line of the request. Fastify's other lines about a request (a stream
 * that failed, a serializer that threw) are unchanged. JSON in production; one readable line
 * in development on a terminal (runtime/log-output.ts).
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: safeUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}
