import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Outage from '../../src/server/db/outage'

/**
 * The database going away is logged once per interval, not once per failure
 * (docs/security/run-time.md): the work beside an answer (a notice after a commit, a page drawn
 * with its data, a timer's task) counts in the same outage; its other failures log at once.
 */
let outage: typeof Outage
beforeEach(async () => {
  vi.resetModules()
  outage = await import('../../src/server/db/outage')
})

const lines = () => {
  const written: { level: 'error' | 'info'; obj: Record<string, unknown>; msg: string }[] = []
  return {
    written,
    log: {
      error: (obj: object, msg: string) => written.push({ level: 'error', obj: { ...obj }, msg }),
      info: (obj: object, msg: string) => written.push({ level: 'info', obj: { ...obj }, msg }),
    },
  }
}
const reset = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
const terminated = () => new Error('db', { cause: new Error('Connection terminated unexpectedly') })

describe('failures beside an answer while the database is away', () => {
  it('count in the outage: one line for many, whatever failed', () => {
    const { log, written } = lines()
    outage.logFailure(log, reset(), 'new order not announced to the live lists')
    outage.logFailure(log, terminated(), 'new order not announced to the live lists')
    outage.logFailure(log, reset(), 'first page not rendered; serving its shell')
    outage.outageLog.failed(log, reset())
    expect(written).toHaveLength(1)
    expect(written[0]).toMatchObject({
      level: 'error',
      msg: 'base de données injoignable',
      obj: { task: 'new order not announced to the live lists' },
    })
    outage.outageLog.recovered(log)
    expect(written[1]).toMatchObject({ level: 'info', obj: { failuresSinceLastLine: 3 } })
  })

  it('any other failure is logged at once, each time, with what failed', () => {
    const { log, written } = lines()
    outage.logFailure(log, new TypeError('x is undefined'), 'first page not rendered; serving its shell')
    outage.logFailure(log, new TypeError('x is undefined'), 'first page not rendered; serving its shell')
    expect(written.map((l) => [l.level, l.msg])).toEqual([
      ['error', 'first page not rendered; serving its shell'],
      ['error', 'first page not rendered; serving its shell'],
    ])
  })
})
