import { describe, expect, it } from 'vitest'
import type { CrowdResult } from '../../bench/lib/bench-crowds'
import type { SetResult } from '../../bench/lib/bench-set'
import { partsRecorder, quantile, serverErrors } from '../../bench/lib/latency'
import type { LoadResult } from '../../bench/lib/load-worker'
import { crowdVerdict, renderReport } from '../../bench/lib/report'
import { combine } from '../../bench/lib/runner'

// decision 0017: the admin crowd on PGlite, judged in the bench's report (bench/RESULTS-pglite.md).
const turn = (over: Partial<LoadResult> = {}): LoadResult => ({
  reqPerSec: 500,
  p50: 40,
  p99: 120,
  max: 200,
  total: 1500,
  ok: 1500,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  bytesPerSec: 1,
  statusCodes: { 200: 1500 },
  parts: {
    'first page (root)': { total: 750, p50: 40, p99: 110, max: 190, statusCodes: { 200: 750 } },
    'first page (admin)': { total: 750, p50: 41, p99: 130, max: 200, statusCodes: { 200: 750 } },
  },
  ...over,
})
const crowd = (turns: LoadResult[]): CrowdResult => ({
  name: 'admin/orders mix, 32 readers',
  reads: [],
  turns,
  load: combine(turns),
})

describe('bench: latencies of a mixed load', () => {
  it('takes the quantile as the smallest latency with that share at or below it', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(quantile(sorted, 0.99)).toBe(99)
    expect(quantile(sorted, 0.5)).toBe(50)
    expect(quantile([7], 0.99)).toBe(7)
    expect(quantile([], 0.99)).toBe(0)
  })

  it('keeps each read of the mix apart, with its statuses', () => {
    const rec = partsRecorder()
    for (let i = 1; i <= 100; i++) rec.record('a', 200, i)
    rec.record('b', 503, 900)
    rec.record('b', 200, 10)
    const r = rec.result()
    expect(r.a).toMatchObject({ total: 100, p50: 50, p99: 99, max: 100, statusCodes: { 200: 100 } })
    expect(r.b).toMatchObject({ total: 2, max: 900, statusCodes: { 200: 1, 503: 1 } })
  })

  it('counts 5xx answers only as server errors', () => {
    expect(serverErrors({ 200: 5, 404: 3, 500: 1, 503: 2 })).toBe(3)
  })

  it('combines the turns of a mix read by read', () => {
    const c = combine([
      turn(),
      turn({
        parts: {
          'first page (root)': { total: 10, p50: 60, p99: 150, max: 400, statusCodes: { 200: 9, 503: 1 } },
        },
      }),
    ])
    expect(c.parts!['first page (root)']).toEqual({
      total: 760,
      p50: 50,
      p99: 130,
      max: 400,
      statusCodes: { 200: 759, 503: 1 },
    })
    expect(c.parts!['first page (admin)']!.total).toBe(750)
  })
})

describe('bench: the crowd target (no 5xx, p99 < 250 ms)', () => {
  it('passes when every turn and every read is under 250 ms with no 5xx', () => {
    expect(crowdVerdict(crowd([turn(), turn()])).ok).toBe(true)
  })

  it('fails on a single 5xx, an error, a slow turn or a slow read, even when the mean is under', () => {
    expect(crowdVerdict(crowd([turn(), turn({ non2xx: 1, statusCodes: { 200: 1499, 503: 1 } })]))).toEqual({
      ok: false,
      fiveXx: 1,
    })
    expect(crowdVerdict(crowd([turn(), turn({ timeouts: 1 })])).ok).toBe(false)
    expect(crowdVerdict(crowd([turn({ p99: 100 }), turn({ p99: 260 })])).ok).toBe(false)
    const slowRead = {
      'first page (admin)': { total: 750, p50: 41, p99: 300, max: 400, statusCodes: { 200: 750 } },
    }
    expect(crowdVerdict(crowd([turn({ parts: slowRead }), turn({ parts: slowRead })])).ok).toBe(false)
    expect(crowdVerdict(crowd([turn({ total: 0, ok: 0, statusCodes: {} })])).ok).toBe(false)
  })

  it('is a pass or fail row of the PGlite report, whose title names the database', () => {
    const set = (kind: string, crowds?: CrowdResult[]): SetResult => ({
      size: { orders: 1000, products: 2000, clients: 50000, contacts: 50 },
      kind,
      seedSeconds: 10,
      idleRssMb: 100,
      reads: [],
      ...(crowds ? { crowds } : {}),
    })
    const render = (kind: string, c: CrowdResult) =>
      renderReport({
        machine: 'm',
        date: 'd',
        commit: 'c',
        opts: { duration: 3, warmup: 1, rounds: 2, connections: 32 },
        small: set(kind, [c]),
        large: set(kind),
        peakRssMb: 150,
        totalSeconds: 60,
        pages: [],
        server: 's',
      })
    const passing = render('pglite', crowd([turn(), turn()]))
    expect(passing).toMatch(/^# Benchmark results on PGlite, the default database/)
    expect(passing).toMatch(
      /\| admin\/orders on PGlite at 1,000 orders, 32 readers .*: no 5xx, p99 < 250 ms \| 3,000 answers, 0 5xx; p99 120 ms .* \| \*\*pass\*\* \|/,
    )
    expect(render('pglite', crowd([turn(), turn({ p99: 300 })]))).toMatch(
      /p99 < 250 ms \|.*\| \*\*FAIL\*\* \|/,
    )
    expect(render('postgres', crowd([turn(), turn()]))).toMatch(
      /^# Benchmark results on PostgreSQL[\s\S]*not judged on PostgreSQL/,
    )
  })
})
