import { describe, expect, it } from 'vitest'
import type { LiveResult } from '../../bench/lib/live-streams'
import type { LoadResult } from '../../bench/lib/load-worker'
import {
  LIVE_END,
  LIVE_START,
  liveSection,
  liveSectionOf,
  liveVerdict,
  withLiveSection,
} from '../../bench/lib/report'

// decision 0046: 200 staff browsers on the live order stream, judged in the bench's report.
const writes = (p99: number, over: Partial<LoadResult> = {}): LoadResult => ({
  reqPerSec: 300,
  p50: p99 / 2,
  p99,
  max: p99 * 2,
  total: 900,
  ok: 900,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  bytesPerSec: 1,
  statusCodes: { 201: 900 },
  ...over,
})
const live = (over: Partial<LiveResult> = {}): LiveResult => ({
  streams: 200,
  opened: 200,
  rssWithoutMb: 140,
  rssWithMb: 150, // 10 MB for 200 streams: 51.2 KB a stream
  rssPeakWithMb: 160,
  before: writes(80),
  with: writes(100),
  after: writes(120),
  acknowledgedWhileOpen: 901,
  createdPerStream: { min: 901, max: 905 },
  probe: { orderId: 7, delivered: 200, ms: 40 },
  loadAverage: 3,
  ...over,
})
const at = { date: '2026-11-27', commit: 'abc (x)', kind: 'postgres', orders: 1000 }

describe('bench: 200 staff live streams', () => {
  it('passes within its budgets, the p99 compared with the mean of the turns before and after', () => {
    const v = liveVerdict(live())
    expect(v.ok).toBe(true)
    expect(v.ratio).toBe(1)
    expect(v.kbPerStream).toBeCloseTo(51.2)
  })

  it('fails when a stream grows the memory too much, the write slows, or a stream misses an order', () => {
    expect(liveVerdict(live({ rssWithMb: 140 + (101 * 200) / 1024 })).ok).toBe(false)
    expect(liveVerdict(live({ with: writes(151) })).ok).toBe(false)
    expect(liveVerdict(live({ probe: { orderId: 7, delivered: 199, ms: 40 } })).ok).toBe(false)
    expect(liveVerdict(live({ probe: undefined })).ok).toBe(false)
    expect(liveVerdict(live({ opened: 150, probe: { orderId: 7, delivered: 150, ms: 40 } })).ok).toBe(false)
    expect(liveVerdict(live({ createdPerStream: { min: 900, max: 905 } })).ok).toBe(false)
    expect(liveVerdict(live({ with: writes(100, { statusCodes: { 201: 899, 500: 1 } }) })).ok).toBe(false)
    expect(liveVerdict(live({ with: undefined, skipped: 'no client to order' })).ok).toBe(false)
  })

  it('writes its section between markers, replaced in place by the next run and kept otherwise', () => {
    const section = liveSection(live(), at)
    expect(section.startsWith(LIVE_START)).toBe(true)
    expect(section).toContain('**pass**')
    expect(section).toContain('140.0 → 150.0 MB (51.2 KB a stream)')
    const file = withLiveSection('# Report\n\nbody\n', section)
    expect(liveSectionOf(file)).toBe(section)
    const again = liveSection(live({ with: writes(200) }), at)
    const replaced = withLiveSection(`${file}\ntail\n`, again)
    expect(replaced).toContain('**FAIL**')
    expect(replaced).not.toContain('**pass**')
    expect(replaced.split(LIVE_END).length).toBe(2)
    expect(replaced.endsWith('tail\n')).toBe(true)
  })
})
