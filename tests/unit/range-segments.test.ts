import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rangeSegments, type Segment } from '../../src/server/services/money/stats'

const DAY = 86_400_000
const dayAligned = (d: Date) => d.getTime() % DAY === 0
const monthAligned = (d: Date) => dayAligned(d) && d.getUTCDate() === 1

/** Bounds of a segment as numbers, open bounds as ∓∞. */
const lo = (s: Segment) => s.from?.getTime() ?? -Infinity
const hi = (s: Segment) => s.to?.getTime() ?? Infinity

describe('rangeSegments', () => {
  it('reads the rollup of everything when there is no range', () => {
    expect(rangeSegments()).toEqual([{ kind: 'rollup', grain: 'all' }])
  })

  it('splits a range into partial days, whole days and whole months', () => {
    const s = rangeSegments(new Date('2026-01-30T15:00:00Z'), new Date('2026-04-02T08:00:00Z'))
    expect(s).toEqual([
      { kind: 'raw', from: new Date('2026-01-30T15:00:00Z'), to: new Date('2026-01-31T00:00:00Z') },
      {
        kind: 'rollup',
        grain: 'day',
        from: new Date('2026-01-31T00:00:00Z'),
        to: new Date('2026-02-01T00:00:00Z'),
      },
      {
        kind: 'rollup',
        grain: 'month',
        from: new Date('2026-02-01T00:00:00Z'),
        to: new Date('2026-04-01T00:00:00Z'),
      },
      {
        kind: 'rollup',
        grain: 'day',
        from: new Date('2026-04-01T00:00:00Z'),
        to: new Date('2026-04-02T00:00:00Z'),
      },
      { kind: 'raw', from: new Date('2026-04-02T00:00:00Z'), to: new Date('2026-04-02T08:00:00Z') },
    ])
    // Within one day: the orders only.
    const a = new Date('2026-03-03T01:00:00Z')
    const b = new Date('2026-03-03T02:00:00Z')
    expect(rangeSegments(a, b)).toEqual([{ kind: 'raw', from: a, to: b }])
  })

  it('covers exactly the range, without overlap, each rollup on its grain', () => {
    const instant = fc.date({
      min: new Date('2024-01-01T00:00:00Z'),
      max: new Date('2028-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    // Midnights and month starts often, as the day-only filters give them.
    const bound = fc.oneof(
      instant,
      instant.map((d) => new Date(Math.floor(d.getTime() / DAY) * DAY)),
      instant.map((d) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1))),
    )
    fc.assert(
      fc.property(fc.option(bound, { nil: undefined }), fc.option(bound, { nil: undefined }), (x, y) => {
        let [start, end] = [x, y]
        if (start && end && start >= end) [start, end] = [end, new Date(start.getTime() + 1)]
        const segments = rangeSegments(start, end).sort((p, q) => lo(p) - lo(q))
        expect(lo(segments[0]!)).toBe(start?.getTime() ?? -Infinity)
        expect(hi(segments.at(-1)!)).toBe(end?.getTime() ?? Infinity)
        for (let i = 1; i < segments.length; i++) expect(lo(segments[i]!)).toBe(hi(segments[i - 1]!))
        for (const s of segments) {
          expect(lo(s)).toBeLessThan(hi(s))
          if (s.kind === 'rollup' && s.grain === 'day')
            for (const b of [s.from, s.to]) if (b) expect(dayAligned(b)).toBe(true)
          if (s.kind === 'rollup' && s.grain === 'month')
            for (const b of [s.from, s.to]) if (b) expect(monthAligned(b)).toBe(true)
          // Raw segments (read from the orders themselves) never hold a whole UTC day: at most
          // the two partial days at the ends, or one span shorter than two days with no midnight
          // pair inside.
          if (s.kind === 'raw') expect(Math.ceil(lo(s) / DAY) * DAY + DAY).toBeGreaterThan(hi(s))
        }
      }),
      { numRuns: 500 },
    )
  })
})
