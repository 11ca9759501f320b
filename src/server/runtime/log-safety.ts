import { stdSerializers } from 'pino'

/**
 * What no log line may hold (docs/security/run-time.md "Secrets in the logs"): pino's `redact` removes these paths from every
 * line, whatever logged them. Bodies are never logged; these catch an object logged by mistake.
 */
const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'password',
  'newPassword',
  'passwordHash',
  'password_hash',
  'token',
  // A password reset's link (docs/rules/people.md#accounts).
  'link',
  // Staff two-factor: the TOTP secret (as typed, stored or in its otpauth:// address), the
  // recovery codes and their hashes.
  'secret',
  'pendingSecret',
  'uri',
  'recoveryCodes',
  'codeHash',
  '*.secret',
  '*.pendingSecret',
  '*.uri',
  '*.recoveryCodes',
  '*.codeHash',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.link',
  '*.cookie',
  '*.authorization',
  '*[*].password',
  '*[*].passwordHash',
  'err.params',
  'err.detail',
  // Mobile money (docs/rules/money.md#payments): the providers' keys, secrets and signatures.
  'apikey',
  'apiKey',
  'secretKey',
  'webhookSecret',
  '*.apikey',
  '*.apiKey',
  '*.secretKey',
  '*.webhookSecret',
  '*[*].apiKey',
  '*[*].webhookSecret',
  'req.headers["x-token"]',
  'req.headers["wave-signature"]',
  'headers["x-token"]',
  'headers["wave-signature"]',
]

/** Fields of a PostgreSQL error that name things, never values (its detail and message may hold values). */
const safeDbFields = [
  'code',
  'severity',
  'table',
  'constraint',
  'column',
  'dataType',
  'routine',
  'schema',
] as const

type Obj = Record<string, unknown>

/** The error and its causes (err, err.cause, …), at most six deep. */
function chainOf(err: unknown): Obj[] {
  const chain: Obj[] = []
  let cur: unknown = err
  for (let i = 0; i < 6 && cur && typeof cur === 'object'; i++) {
    chain.push(cur as Obj)
    cur = (cur as Obj).cause
  }
  return chain
}

/** An error PostgreSQL or PGlite raised: it has a five-character SQLSTATE and a severity. */
const isServerError = (e: Obj) =>
  typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e

/** An error about one statement (Drizzle's `DrizzleQueryError`): it carries the SQL and its values. */
const isQueryError = (e: Obj) => typeof e.query === 'string' || 'params' in e

/**
 * A statement's name from its SQL text, which is parameterised and so holds no value: its verb
 * and table, e.g. `insert into users`, `select from orders`.
 */
function statementName(query: string | undefined): string | undefined {
  if (!query) return undefined
  const q = query.replace(/\s+/g, ' ').trim()
  const write = /^(insert into|update|delete from) "?([\w.]+)"?/i.exec(q)
  if (write) return `${write[1]!.toLowerCase()} ${write[2]}`
  const verb = /^(\w+)/.exec(q)?.[1]?.toLowerCase() ?? 'statement'
  const from = / from "?([\w.]+)"?/i.exec(q)
  return from ? `${verb} from ${from[1]}` : verb
}

/** A stack's frames without its message (which, for a failed query, lists the values). */
const framesOnly = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .join('\n')
    : undefined

/**
 * Drizzle writes a failed statement's values after `params:` in its message, and so in its
 * stack and in the message of any error that quotes it. Whatever error carries that text, the
 * values go, up to the stack's first frame.
 */
const withoutParams = (text: unknown) =>
  typeof text === 'string' ? text.replace(/params:[\s\S]*?(?=\n\s+at |$)/g, 'params: [caché]') : text

/**
 * pino's `err` serializer (docs/security/run-time.md "Secrets in the logs"). An error that came from the
 * database, whatever its type (anything in its cause chain with a SQLSTATE, or a statement and
 * its values: a constraint broken, or the connection dropped in the middle of a statement),
 * becomes its SQLSTATE, the names of what it touched, the statement's name and, for the causes
 * that are neither (a socket closed, the embedded database stopped), their type, code and
 * message; its own message, detail, parameters and query values never reach the log. Any other
 * error is serialized as pino does, with any `params:` text removed.
 */
function errSerializer(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const chain = chainOf(err)
  const server = chain.find(isServerError)
  const query = chain.find(isQueryError)
  if (!server && !query) {
    const plain = stdSerializers.err(err)
    return {
      ...plain,
      message: withoutParams(plain.message) as string,
      stack: withoutParams(plain.stack) as string,
    }
  }
  const out = {
    type: 'DatabaseError',
    message: 'database error',
    stack: framesOnly(err.stack) ?? '',
  } as Obj & { type: string; message: string; stack: string }
  if (server) for (const f of safeDbFields) if (typeof server[f] === 'string') out[f] = server[f]
  const statement = statementName(typeof query?.query === 'string' ? query.query : undefined)
  if (statement) out.statement = statement
  // What broke below the statement when the database did not answer it (no SQLSTATE): the
  // driver's or the socket's own words ("Connection terminated unexpectedly", "read
  // ECONNRESET", "PGlite is closed"), which hold no value of the statement.
  const causes = chain
    .slice(1)
    .filter((e) => !isServerError(e) && !isQueryError(e))
    .map((e) => ({
      type: typeof e.name === 'string' ? e.name : 'Error',
      ...(typeof e.code === 'string' ? { code: e.code } : {}),
      ...(typeof e.message === 'string' ? { message: withoutParams(e.message.slice(0, 200)) } : {}),
    }))
  if (causes.length) out.causes = causes
  return out
}

/**
 * A request's address for its log line: a password reset's link is its page's address with the
 * token in its query (`/reset-password?token=…`, docs/rules/people.md#accounts), so the value of
 * any `token` parameter is hidden.
 */
export const safeUrl = (url: string) =>
  url.includes('?') ? url.replace(/([?&]token=)[^&#]*/gi, '$1[caché]') : url

/** pino's options every logger of the server takes: the redaction and the error serializer above. */
export const safeLogOptions = {
  redact: { paths: redactPaths, censor: '[caché]' },
  serializers: { err: errSerializer },
}
