import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { answerFormat, type Call } from '@/shared/calls/define-call'
import type { Role } from '@/shared/domain/roles'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Config } from '../config'
import type { Db } from '../db/client'
import type { AppDeps } from '../deps'
import type { Sent } from './sent'
import type { CachedAnswer } from './prepared-answer'

// Re-exported for the page-serving modules still in http/ (first-pages.ts); the rest import it
// from deps.ts.
export type { AppDeps }

type Roles = readonly Role[] | 'public'

type EndpointContext<I, R extends Roles, B = undefined> = {
  input: I
  /** The file an upload call carries (its `upload` in src/shared/calls); undefined elsewhere. */
  bytes: B
  /** The caller; null only on public endpoints, for a visitor. */
  user: R extends 'public' ? SessionUser | null : SessionUser
  db: Db
  deps: AppDeps
  req: FastifyRequest
  reply: FastifyReply
}

type RateLimit = { max: number; timeWindow: number | string }

export type Endpoint<C extends Call = Call, R extends Roles = Roles> = {
  /** The call this endpoint implements (src/shared/calls): method, path, input and answer. */
  call: C
  method: C['method']
  path: string
  input: C['input']
  output: C['output']
  format: 'json' | 'superjson'
  /** The call takes a file's bytes as its body, its input from the query string. */
  upload?: { maxBytes: number }
  /** 'public', or the only roles allowed: 401 without a session, 403 for any other role. */
  roles: R
  /** On a public endpoint: look up the caller too (null for a visitor). */
  loadUser?: boolean
  /**
   * The call may change what the storefront's cached reads answer (products, categories,
   * countries, cities, zones): the kernel drops them after it, here and on the other instances,
   * failed or not.
   * tests/api/storefront-writes.test.ts fails for a call that changes those tables without it.
   */
  writesStorefront?: true
  /** A stricter limit per client IP than the API's general one. */
  rateLimit?: (config: Config) => RateLimit
  summary?: string
  /**
   * The call's answer, or SENT when the handler sent a prepared answer itself, or an answer
   * serialized once for several requests (services/catalogue/storefront-cache.ts, preparedAnswer).
   */
  handler(
    ctx: EndpointContext<z.output<C['input']>, R, C extends { upload: object } ? Buffer : undefined>,
  ): Promise<z.input<C['output']> | Sent | CachedAnswer<z.input<C['output']>>>
}

export { SENT } from './sent'

type Definition<C extends Call, R extends Roles> = Omit<
  Endpoint<C, R>,
  'method' | 'path' | 'input' | 'output' | 'format' | 'upload'
>

/**
 * One way to define an endpoint: the call it implements, who may call it, and its handler,
 * whose return the compiler holds to the call's answer (and the kernel checks it outside
 * production, docs/architecture.md "One contract").
 */
export function defineEndpoint<C extends Call, const R extends Roles>(def: Definition<C, R>): Endpoint<C, R> {
  const { call } = def
  return {
    ...def,
    method: call.method,
    path: call.path,
    input: call.input,
    output: call.output,
    format: answerFormat(call.path),
    ...(call.upload ? { upload: call.upload } : {}),
  }
}
