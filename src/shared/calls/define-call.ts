import type { z } from '../schemas/zod'

/**
 * One API call, declared once for both sides (docs/architecture.md "One contract"): its method,
 * its path, the schema of its input (the query string of a GET, the JSON body of a POST) and
 * the schema of its answer. The server's endpoint implements it (`defineEndpoint({ call })`,
 * whose handler must return the answer's type, checked against the schema outside
 * production); the OpenAPI document shows both schemas; the browser's client
 * (`api.get(path, input)`, `api.post(path, input)`) takes its input and answer types from it,
 * by type only: no schema reaches the browser through a call.
 */
export type Call<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = {
  method: 'GET' | 'POST'
  /** The URL, under /_api. */
  path: string
  input: I
  output: O
  /**
   * The body is a file's bytes (`application/octet-stream`), not JSON; the input is then read
   * from the query string. The browser sends it with `api.upload` (progress included).
   */
  upload?: { maxBytes: number }
}

/**
 * How a call's answer is written (docs/rules/api.md#answers): auth calls plain JSON, every other
 * call superjson, so that dates arrive as dates. One rule for both sides, read from the path.
 */
export const answerFormat = (path: string): 'json' | 'superjson' =>
  path.startsWith('/_api/auth/') ? 'json' : 'superjson'

export const defineCall = <I extends z.ZodType, O extends z.ZodType, const C extends Call<I, O>>(
  call: C & Call<I, O>,
): C => call

/** What a call takes, as the caller writes it (before defaults and transforms). */
export type CallInput<C extends Call> = z.input<C['input']>
/** What a call answers. */
export type CallOutput<C extends Call> = z.output<C['output']>
