import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ARGON2_CONCURRENCY, argon2Queue } from '../../src/server/services/people/passwords'
import { createUser, PASSWORD } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// This file is about argon2's real cost: not the cheap one of the rest of the suite.
vi.stubEnv('ETAL_ARGON2_COST', '')
// The API files share their worker (vitest.config.ts): the next one has the cheap cost again.
afterAll(() => vi.unstubAllEnvs())

/**
 * Decision 0017: the overload guard (on outside tests) answered 503 to
 * whole seconds of requests on PGlite although no measured event-loop delay came near its
 * threshold; and argon2 took the CPU from the main thread during a login flood. No timings are
 * asserted: the event loop is made busy on purpose, and the argon2 queue is read.
 */
let t: TestApp
beforeAll(async () => {
  // As in production: the guard is on.
  t = await createTestApp({
    NODE_ENV: 'production',
    API_RATE_PER_MINUTE: '1000000',
    LOGIN_MAX_FAILURES: '1000000',
  })
})
afterAll(() => t.close())

const busy = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // the main thread held, as by a long run of PGlite statements
  }
}
const turn = () => new Promise((r) => setImmediate(r))

// Slow on purpose (about 25 s in all): the event loop is kept busy for real seconds, and argon2
// runs at its production cost, since the guard and the queue are about real time and real CPU.
describe('the overload guard', () => {
  it('does not shed when the event loop is busy in stretches of about a second, below its 2 s threshold', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      busy(1_100)
      await turn()
      const res = await t.app.inject({ method: 'GET', url: '/_api/countries' })
      statuses.push(res.statusCode)
      if (res.statusCode === 503) expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    }
    // Before the fix 7 of 8 were shed. A loaded machine can stretch one busy second past the
    // 2 s threshold for real (a measured delay, rightly shed): one 503 is tolerated, not more.
    expect(statuses.filter((s) => s !== 200).length, statuses.join(',')).toBeLessThanOrEqual(1)
  }, 60_000)

  it('still sheds, in French and with Retry-After, when a measured delay passes the threshold', async () => {
    // Blocks of 2.5 s with the loop free in between: each second the histogram holds one
    // delay above 2 s.
    let shed: { statusCode: number; headers: Record<string, unknown>; json(): unknown } | undefined
    for (let i = 0; i < 6 && !shed; i++) {
      busy(2_500)
      await new Promise((r) => setTimeout(r, 15))
      busy(2_500)
      await new Promise((r) => setTimeout(r, 15))
      // Asked together, so that both read the same second's measure.
      const [res, ready, health] = await Promise.all(
        ['/_api/countries', '/_api/ready', '/_api/health'].map((url) => t.app.inject({ method: 'GET', url })),
      )
      if (res!.statusCode === 503) {
        shed = res
        // Ready means a request would be served: not now. Health still says the process lives.
        expect(ready!.statusCode).toBe(503)
        expect(ready!.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
        expect(health!.statusCode).toBe(200)
      }
    }
    expect(shed, 'no 503 after measured stalls of 2.5 s').toBeDefined()
    expect(shed!.headers['retry-after']).toBe('10')
    expect(shed!.json()).toEqual({
      error: 'Le service est momentanément surchargé. Veuillez réessayer dans un instant.',
      code: 'SERVICE_UNAVAILABLE',
    })
    // It recovers: a second without stalls, and requests are served again.
    await new Promise((r) => setTimeout(r, 2_500))
    expect((await t.app.inject({ method: 'GET', url: '/_api/countries' })).statusCode).toBe(200)
  }, 90_000)
})

describe('start-up', () => {
  it('is not taken for a stall: once ready, every request is served and /_api/ready says 200', async () => {
    // A slow start (modules compiled, routes built, a loaded machine): the loop held in
    // stretches longer than the guard's threshold between building the app and its being ready.
    // docs/security/outside-attack.md item 5: the guard measured from its registration, so these stretches were read
    // as an overload and the first second of requests after start answered 503.
    const slow = await createTestApp(
      { NODE_ENV: 'production', API_RATE_PER_MINUTE: '1000000' },
      {
        async beforeReady() {
          for (let i = 0; i < 3; i++) {
            busy(2_500)
            await new Promise((r) => setTimeout(r, 15))
          }
        },
      },
    )
    try {
      const statuses: string[] = []
      for (let i = 0; i < 6; i++) {
        const ready = await slow.app.inject({ method: 'GET', url: '/_api/ready' })
        const read = await slow.app.inject({ method: 'GET', url: '/_api/countries' })
        statuses.push(`${ready.statusCode}/${read.statusCode}`)
        await new Promise((r) => setTimeout(r, 200))
      }
      expect(statuses.join(' ')).toBe(Array(6).fill('200/200').join(' '))
    } finally {
      await slow.close()
    }
  }, 60_000)
})

describe('argon2 under a login flood', () => {
  it(`runs at most ${ARGON2_CONCURRENCY} hash(es) at once, the others waiting their turn, and the shop keeps answering`, async () => {
    const user = await createUser(t.db, { country: 'SN' })
    let peak = 0
    let waitedAtSomePoint = false
    const watch = setInterval(() => {
      peak = Math.max(peak, argon2Queue.active)
      if (argon2Queue.waiting > 0) waitedAtSomePoint = true
    }, 1)
    const logins = Array.from({ length: 12 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/_api/auth/login_with_password',
        payload: { email: user.email, password: i % 2 ? PASSWORD : 'Mauvais-Secret-1!' },
      }),
    )
    const reads = Array.from({ length: 12 }, () => t.app.inject({ method: 'GET', url: '/_api/countries' }))
    const [loginAnswers, readAnswers] = await Promise.all([Promise.all(logins), Promise.all(reads)])
    clearInterval(watch)
    expect(loginAnswers.map((r) => r.statusCode).sort()).toEqual(
      [...Array(6).fill(200), ...Array(6).fill(401)].sort(),
    )
    expect(readAnswers.every((r) => r.statusCode === 200)).toBe(true)
    expect(peak).toBeGreaterThan(0)
    expect(peak).toBeLessThanOrEqual(ARGON2_CONCURRENCY)
    expect(waitedAtSomePoint).toBe(true)
  }, 60_000)
})
