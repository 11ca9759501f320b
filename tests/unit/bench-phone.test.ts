import { describe, expect, it } from 'vitest'
import {
  median,
  phoneSectionOf,
  previousFigures,
  renderPhoneSection,
  verdict,
  withPhoneSection,
  type PhoneFigure,
} from '../../bench/lib/phone'
import { previousRun } from '../../bench/lib/report'

// The pure helpers of `npm run bench:phone` (bench/phone.ts) and of the bench's report; the
// harness itself drives Chromium for minutes and is not part of the tests.
const figure = (over: Partial<PhoneFigure>): PhoneFigure => ({
  key: 'k',
  label: '/products: first product name and price visible',
  value: 2_500,
  unit: 'ms',
  max: 3_000,
  ...over,
})
const section = (figures: PhoneFigure[], previous?: string) =>
  renderPhoneSection({
    date: '2026-11-24T00:00:00.000Z',
    commit: 'abc1234 (perf)',
    loadAverage: { start: 3, end: 4, max: 6.5, cores: 2 },
    runs: 3,
    server: 'node dist/server/main.js',
    figures,
    notes: ['a note'],
    previous,
  })

describe('bench:phone helpers', () => {
  it('takes the median of the runs that measured something', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, null, 1, 3, 2])).toBe(2.5)
    expect(median([null, null])).toBeNull()
  })

  it('judges a figure against its bound, and an unmeasured one as not measured', () => {
    expect(verdict(figure({ value: 3_000 }))).toBe(true)
    expect(verdict(figure({ value: 3_001 }))).toBe(false)
    expect(verdict(figure({ value: null }))).toBeNull()
    expect(verdict(figure({ unit: 'score', value: 94, max: undefined, min: 95 }))).toBe(false)
  })

  it('writes its section between markers, replaces it in place, and shows the previous figure', () => {
    const first = section([figure({ value: 3_500 })])
    expect(first).toContain('| /products: first product name and price visible | ≤ 3.00 s | 3.50 s |')
    expect(first).toContain('**FAIL**')
    expect(first).toContain(
      'Load average (1 minute) on 2 cores: 3.0 at the start, 4.0 at the end, at most 6.5',
    )
    const file = withPhoneSection('# Benchmark results\n\nbody\n', first)
    expect(phoneSectionOf(file)).toBe(first)
    const second = section([figure({ value: 2_000 })], phoneSectionOf(file))
    expect(previousFigures(phoneSectionOf(file)).get('/products: first product name and price visible')).toBe(
      '3.50 s',
    )
    expect(second).toMatch(/\| 2\.00 s \| {2}\| 3\.50 s \| \*\*pass\*\* \|/)
    const replaced = withPhoneSection(file, second)
    expect(replaced.startsWith('# Benchmark results\n\nbody\n')).toBe(true)
    expect(replaced.match(/bench:phone start/g)).toHaveLength(1)
    expect(phoneSectionOf(replaced)).toBe(second)
  })
})

describe("the bench report's previous run", () => {
  it('keeps the targets and read tables of the report it replaces, not its own previous run', () => {
    const old = [
      '# Benchmark results',
      '',
      '- Date: 2026-11-22T01:25:35.837Z',
      '- Commit: 1c29441 (main)',
      '',
      '## Targets (decision 0008)',
      '',
      '| target | measured | result |',
      '| products: ≥ 50% | 98% | **pass** |',
      '',
      '## Reads at 200,000 orders',
      '',
      '| endpoint | app req/s |',
      '| countries | 3063 |',
      '',
      '## Pages',
      '',
      '- First load 130.8 KB',
    ].join('\n')
    const kept = previousRun(old)
    expect(kept).toContain('## The previous run, for comparison')
    expect(kept).toContain('- Commit: 1c29441 (main)')
    expect(kept).toContain('### Targets (decision 0008)')
    expect(kept).toContain('| countries | 3063 |')
    expect(kept).not.toContain('First load 130.8 KB')
    // A report made of a previous run only has nothing of its own to keep.
    expect(previousRun(`# Benchmark results\n\n${kept}`)).toBe('')
    expect(previousRun(undefined)).toBe('')
  })
})
