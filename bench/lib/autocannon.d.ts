// autocannon ships no types: the little of its API the bench uses.
declare module 'autocannon' {
  namespace autocannon {
    type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string }
    type RequestSpec = Request & {
      setupRequest?: (req: Request, context: never) => Request
      onResponse?: (status: number, body: string, context: never) => void
    }
    type Options = {
      url: string
      connections?: number
      duration?: number
      headers?: Record<string, string>
      requests?: RequestSpec[]
      /** Requests per second over all connections. */
      overallRate?: number
    }
    type Histogram = { average: number; total: number; p50: number; p99: number; max: number }
    type Result = {
      requests: Histogram
      latency: Histogram
      throughput: Histogram
      errors: number
      timeouts: number
      non2xx: number
      '2xx': number
      statusCodeStats?: Record<string, { count: number }>
    }
  }
  /** The run's tracker: awaited for the result; 'response' carries each answer's status and latency (ms). */
  type Tracker = Promise<autocannon.Result> & {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): Tracker
  }
  function autocannon(opts: autocannon.Options): Tracker
  export default autocannon
}
