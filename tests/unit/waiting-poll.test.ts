import { describe, expect, it } from 'vitest'
import { waitingPollDelayMs } from '../../src/shared/domain/payments'

describe('waitingPollDelayMs (the waiting pages back off)', () => {
  it('asks every 3 s for 30 s, 5 s up to 2 min, 10 s up to 10 min, then 30 s', () => {
    expect(waitingPollDelayMs(0)).toBe(3_000)
    expect(waitingPollDelayMs(29_999)).toBe(3_000)
    expect(waitingPollDelayMs(30_000)).toBe(5_000)
    expect(waitingPollDelayMs(119_999)).toBe(5_000)
    expect(waitingPollDelayMs(120_000)).toBe(10_000)
    expect(waitingPollDelayMs(599_999)).toBe(10_000)
    expect(waitingPollDelayMs(600_000)).toBe(30_000)
    expect(waitingPollDelayMs(3 * 3_600_000)).toBe(30_000)
  })

  it('never asks sooner as time passes, and 76 questions in the first 10 minutes', () => {
    let t = 0
    let questions = 0
    let last = 0
    while (t < 600_000) {
      const d = waitingPollDelayMs(t)
      expect(d).toBeGreaterThanOrEqual(last)
      last = d
      t += d
      questions++
    }
    // 10 + 18 + 48: against 200 at a steady 3 s.
    expect(questions).toBe(76)
  })
})
