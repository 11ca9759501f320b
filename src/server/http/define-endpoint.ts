import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Role } from '../../shared/domain/roles'
import type { SessionUser } from '../../shared/schemas/auth'
import type { Config } from '../config'
import type { Database, Db } from '../db/client'
import type { StorefrontCache } from '../services/storefront-cache'
import type { LoginLimiter } from './login-limiter'

export type AppDeps = {
  database: Database
  config: Config
  loginLimiter: LoginLimiter
  storefrontCache: StorefrontCache
}

type Roles = readonly Role[] | 'public'

export type EndpointContext<I, R extends Roles> = {
  input: I
  /** The caller; null only on public endpoints, for a visitor. */
  user: R extends 'public' ? SessionUser | null : SessionUser
  db: Db
  deps: AppDeps
  req: FastifyRequest
  reply: FastifyReply
}

export type RateLimit = { max: number; timeWindow: number | string }

export type Endpoint<S extends z.ZodType = z.ZodType, R extends Roles = Roles> = {
  method: 'GET' | 'POST'
  /** The URL, under /_api. */
  path: string
  /** Strict zod schema of the JSON body (POST) or the query string (GET). */
  input: S
  /** 'public', or the only roles allowed: 401 without a session, 403 for any other role. */
  roles: R
  /** On a public endpoint: look up the caller too (null for a visitor). */
  loadUser?: boolean
  /** Auth calls answer plain JSON; every other call superjson (DECISIONS.md "API answers"). */
  format?: 'json' | 'superjson'
  /** A stricter limit per client IP than the API's general one. */
  rateLimit?: (config: Config) => RateLimit
  summary?: string
  /** A plain object to serialize, or SENT when the handler sent a prepared answer itself. */
  handler(ctx: EndpointContext<z.output<S>, R>): Promise<object>
}

/**
 * What a handler returns when it sent its answer itself (a cached, pre-serialized body). Not
 * the reply: a Fastify reply is a thenable, and awaiting it waits for the response to finish.
 */
export const SENT: object = Object.freeze({ sent: true })

/** One way to define an endpoint: its method, path, input, roles and handler. */
export function defineEndpoint<S extends z.ZodType, const R extends Roles>(def: Endpoint<S, R>): Endpoint<S, R> {
  return def
}
