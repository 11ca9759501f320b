import { describe, expect, it } from 'vitest'
import {
  booksBroken,
  callFigures,
  noServerError,
  renderRush,
  rushSectionOf,
  withRushSection,
  type RushReport,
} from '../../bench/lib/rush-report'

// docs/rules/campaigns.md#the-rush and #instalments: how `npm run bench:campaign-rush` judges
// what the database holds after the rush, and the section it writes.
const books = {
  id: 7,
  status: 'paid',
  total: 200_000,
  amountPaid: 200_000,
  attempts: 51,
  paidAttempts: 51,
  brought: 210_000,
  flaggedBack: 10_000,
}

describe('the campaign rush bench', () => {
  it('figures: percentiles of the answers, their statuses, no 5xx', () => {
    const f = callFigures(
      Array.from({ length: 100 }, (_, i) => ({ status: i === 0 ? 200 : 409, ms: i + 1 })),
      [120],
    )
    expect(f).toMatchObject({ n: 100, p50: 50, p99: 99, max: 100, allMs: [120] })
    expect(f.statusCodes).toEqual({ 200: 1, 409: 99 })
    expect(noServerError(f)).toBe(true)
    expect(noServerError(callFigures([{ status: 500, ms: 1 }]))).toBe(false)
    // A request that never got an answer counts as one too.
    expect(noServerError(callFigures([{ status: 0, ms: 1 }]))).toBe(false)
  })

  it('the books hold: accepted = recorded, up to the total, every attempt counted', () => {
    expect(booksBroken(books, true)).toEqual([])
    expect(
      booksBroken({ ...books, status: 'booked', amountPaid: 80_000, brought: 80_000, flaggedBack: 0 }, false),
    ).toEqual([])
  })

  it('the books broken: past the total, a franc lost or counted twice, an attempt left pending', () => {
    expect(booksBroken({ ...books, amountPaid: 203_000, flaggedBack: 7_000 }, true).join(' ')).toMatch(
      /past its total/,
    )
    expect(booksBroken({ ...books, flaggedBack: 9_000 }, true).join(' ')).toMatch(/≠ recorded/)
    expect(booksBroken({ ...books, paidAttempts: 50 }, true).join(' ')).toMatch(/50 of 51 attempts paid/)
    expect(
      booksBroken({ ...books, status: 'booked', amountPaid: 150_000, flaggedBack: 60_000 }, true).join(' '),
    ).toMatch(/not paid off/)
  })

  it('its section, between markers: replaced in place, appended when absent, kept by `npm run bench`', () => {
    const f = callFigures([{ status: 200, ms: 10 }], [10])
    const report: RushReport = {
      date: '2026-11-29T08:00:00.000Z',
      commit: 'abc1234 (h-rush)',
      machine: '2 × cpu',
      database: 'PGlite, the default database',
      server: '`node dist/server/main.js`',
      load: { start: 'load average: 1.00', end: 'load average: 2.00', max: 3, cores: 2 },
      reserve: { alone: f, rush: f, rounds: 1, clients: 100 },
      pay: {
        alone: f,
        aloneSeenMs: [40],
        rush: f,
        paidOffMs: [400],
        notifications: f,
        rounds: 1,
        payers: 50,
        amount: 3_000,
        price: 200_000,
        deposit: 60_000,
      },
      rules: [
        { rule: 'one wins', measured: '1', ok: true },
        { rule: 'balance ≥ 0', measured: '-1', ok: false },
      ],
      broken: ['pay round 1: the pay link reads a balance of -1'],
    }
    const section = renderRush(report)
    expect(section).toContain('| one wins | 1 | **pass** |')
    expect(section).toContain('| balance ≥ 0 | -1 | **FAIL** |')
    expect(section).toContain('- pay round 1: the pay link reads a balance of -1')
    expect(section).toContain('10 000 F')
    const file = withRushSection('# Benchmark results\n\nreads\n', section)
    expect(rushSectionOf(file)).toBe(section)
    const again = withRushSection(`${file}\n## after\n`, section.replace('abc1234', 'def5678'))
    expect(again.split('<!-- campaign-rush -->')).toHaveLength(2)
    expect(again).toContain('def5678')
    expect(again).toContain('## after')
  })
})
