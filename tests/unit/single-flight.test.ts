import { describe, expect, it } from 'vitest'
import { singleFlight } from '../../src/server/services/single-flight'

describe('singleFlight', () => {
  it('runs identical calls in flight together once, and again once settled', async () => {
    const shared = singleFlight<object, number>()
    const owner = {}
    let runs = 0
    let release!: (n: number) => void
    const run = () => {
      runs += 1
      return new Promise<number>((r) => (release = r))
    }
    const a = shared(owner, 'k', run)
    const b = shared(owner, 'k', run)
    expect(runs).toBe(1)
    release(7)
    expect(await Promise.all([a, b])).toEqual([7, 7])
    const c = shared(owner, 'k', run)
    expect(runs).toBe(2)
    release(8)
    expect(await c).toBe(8)
  })

  it('keeps keys and owners apart, and forgets a failure', async () => {
    const shared = singleFlight<object, string>()
    const [one, two] = [{}, {}]
    const seen: string[] = []
    const run = (v: string) => async () => {
      seen.push(v)
      return v
    }
    expect(
      await Promise.all([
        shared(one, 'a', run('1a')),
        shared(one, 'b', run('1b')),
        shared(two, 'a', run('2a')),
      ]),
    ).toEqual(['1a', '1b', '2a'])
    expect(seen).toEqual(['1a', '1b', '2a'])
    await expect(shared(one, 'a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await shared(one, 'a', run('again'))).toBe('again')
  })
})
