import { stdSerializers } from 'pino'

/**
 * What no log line may hold (docs/security.md "Secrets in the logs"): pino's `redact` removes these paths from every
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
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.cookie',
  '*.authorization',
  '*[*].password',
  '*[*].passwordHash',
  'err.params',
  'err.detail',
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

/** The first error of the chain (err, err.cause, …) that PostgreSQL or PGlite raised: it has a five-character SQLSTATE. */
function databaseError(err: unknown): Obj | undefined {
  let cur: unknown = err
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const code = (cur as Obj).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in cur) return cur as Obj
    cur = (cur as Obj).cause
  }
  return undefined
}

/** The SQL text of a failed query (Drizzle puts it on its error), if any. */
function queryText(err: unknown): string | undefined {
  let cur: unknown = err
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    if (typeof (cur as Obj).query === 'string') return (cur as Obj).query as string
    cur = (cur as Obj).cause
  }
  return undefined
}

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
 * pino's `err` serializer: a database error becomes its SQLSTATE, the names of what it touched
 * and the statement's name; its message, detail, parameters and query values never reach the
 * log. Any other error is serialized as pino does.
 */
function errSerializer(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const db = databaseError(err)
  if (!db) return stdSerializers.err(err)
  const out = {
    type: 'DatabaseError',
    message: 'database error',
    stack: framesOnly(err.stack) ?? '',
  } as Obj & { type: string; message: string; stack: string }
  for (const f of safeDbFields) if (typeof db[f] === 'string') out[f] = db[f]
  const statement = statementName(queryText(err))
  if (statement) out.statement = statement
  return out
}

/** pino's options every logger of the server takes: the redaction and the error serializer above. */
export const safeLogOptions = {
  redact: { paths: redactPaths, censor: '[caché]' },
  serializers: { err: errSerializer },
}
