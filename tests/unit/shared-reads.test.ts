import { describe, expect, it } from 'vitest'
import { sharedReads, writeFinished } from '../../src/server/db/shared-reads'

/** A computation the test settles by hand, counting its runs. */
function controlled<T>() {
  let runs = 0
  let release!: (v: T) => void
  return {
    run: () => {
      runs += 1
      return new Promise<T>((r) => (release = r))
    },
    release: (v: T) => release(v),
    runs: () => runs,
  }
}

describe('sharedReads, in flight', () => {
  it('runs identical calls in flight together once, and again once settled', async () => {
    const shared = sharedReads<number>({ keep: 'in-flight' })
    const db = {}
    const c = controlled<number>()
    const a = shared(db, 'k', c.run)
    const b = shared(db, 'k', c.run)
    c.release(7)
    expect(await Promise.all([a, b])).toEqual([7, 7])
    expect(c.runs()).toBe(1)
    const d = shared(db, 'k', c.run)
    await Promise.resolve()
    c.release(8)
    expect(await d).toBe(8)
    expect(c.runs()).toBe(2)
  })

  it('keeps keys and databases apart, and forgets a failure', async () => {
    const shared = sharedReads<string>({ keep: 'in-flight' })
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

  it('never shares a computation begun before a write with a caller after it', async () => {
    const shared = sharedReads<string>({ keep: 'in-flight' })
    const db = {}
    const before = controlled<string>()
    const slow = shared(db, 'k', before.run)
    await Promise.resolve()
    writeFinished(db)
    const after = shared(db, 'k', async () => 'après')
    before.release('avant')
    expect(await slow).toBe('avant')
    expect(await after).toBe('après')
  })
})

describe('sharedReads, until the next write', () => {
  it('keeps an answer until a write on its database finishes, and not one that failed', async () => {
    const shared = sharedReads<number>({ keep: 'until-write', max: 2 })
    const [db, other] = [{}, {}]
    let n = 0
    const count = async () => ++n
    expect(await shared(db, 'k', count)).toBe(1)
    expect(await shared(db, 'k', count)).toBe(1)
    expect(await shared(other, 'k', count)).toBe(2)
    writeFinished(db)
    expect(await shared(db, 'k', count)).toBe(3)
    expect(await shared(other, 'k', count)).toBe(2)
    await expect(shared(db, 'bad', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await shared(db, 'bad', count)).toBe(4)
  })

  it('keeps at most `max` answers, dropping the least recently read', async () => {
    const shared = sharedReads<string>({ keep: 'until-write', max: 2 })
    const db = {}
    const seen: string[] = []
    const run = (v: string) => async () => {
      seen.push(v)
      return v
    }
    await shared(db, 'a', run('a'))
    await shared(db, 'b', run('b'))
    await shared(db, 'a', run('a'))
    await shared(db, 'c', run('c'))
    await shared(db, 'a', run('a'))
    await shared(db, 'b', run('b'))
    expect(seen).toEqual(['a', 'b', 'c', 'b'])
  })
})
