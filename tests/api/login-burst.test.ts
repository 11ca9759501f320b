import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { openDatabase } from '../../src/server/db/client'
import { createLoginLimiter } from '../../src/server/http/login-limiter'
import { passwordVerifications } from '../../src/server/services/people/passwords'
import { createUser, PASSWORD } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { pgBase, pgTitle } from '../setup/postgres-only'

/**
 * The login limit under a burst (docs/security/run-time.md "Login limit under a burst"): 100 wrong
 * guesses for one email, sent at once, get at most LOGIN_MAX_FAILURES (10) password checks and
 * at most 10 answers other than 429; then the right password is refused with 429 inside the
 * window. On one instance, on two instances of one PostgreSQL, and on two instances sharing Redis.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const BURST = 100
const LIMIT = 10

type Instance = { inject: TestApp['app']['inject']; close(): Promise<void> }

/** A second instance of the app on the same database as `t` (its own limiter, its own pool). */
async function secondInstance(t: TestApp, redisUrl?: string): Promise<Instance> {
  const database = t.deps.database.kind === 'postgres' ? openDatabase(t.config.DATABASE_URL) : t.deps.database
  const loginLimiter = await createLoginLimiter({
    maxFailures: LIMIT,
    windowMinutes: 15,
    pool: database.pool,
    redisUrl,
  })
  const app = await createApp({ ...t.deps, database, loginLimiter })
  await app.ready()
  return {
    inject: app.inject.bind(app) as Instance['inject'],
    async close() {
      await app.close()
      await loginLimiter.close()
      if (database !== t.deps.database) await database.close()
    },
  }
}

const attempt = (i: Instance, email: string, password: string) =>
  i.inject({ method: 'POST', url: '/_api/auth/login_with_password', payload: { email, password } })

async function burst(instances: Instance[], email: string) {
  const before = passwordVerifications.count
  const answers = await Promise.all(
    Array.from({ length: BURST }, (_, n) => attempt(instances[n % instances.length]!, email, `faux-${n}`)),
  )
  const statuses = answers.map((r) => r.statusCode)
  return {
    verifications: passwordVerifications.count - before,
    passed: statuses.filter((s) => s !== 429).length,
    statuses,
  }
}

async function holds(instances: Instance[], email: string) {
  const { verifications, passed, statuses } = await burst(instances, email)
  expect(verifications, `password checks in a burst of ${BURST}`).toBeLessThanOrEqual(LIMIT)
  expect(passed, `answers other than 429: ${statuses.join(',')}`).toBeLessThanOrEqual(LIMIT)
  // The burst was not refused by something else: the guesses that passed were checked and wrong.
  expect(statuses.filter((s) => s !== 429).every((s) => s === 401)).toBe(true)
  expect(passed).toBeGreaterThan(0)
  for (const i of instances) {
    const right = await attempt(i, email, PASSWORD)
    expect(right.statusCode, right.body).toBe(429)
    expect(right.json().error).toMatch(/^Trop de tentatives de connexion/)
  }
}

describe('a burst of parallel wrong logins, one instance', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: String(LIMIT) })
  })
  afterAll(() => t.close())

  it(`checks at most ${LIMIT} passwords, then refuses the right one with 429`, async () => {
    const user = await createUser(t.db, { role: 'admin' })
    await holds([t.app as unknown as Instance], user.email)
  })

  it('a sign-in that succeeds gives the attempts back', async () => {
    const user = await createUser(t.db, { role: 'client' })
    for (let n = 0; n < LIMIT - 1; n++)
      expect((await attempt(t.app as unknown as Instance, user.email, 'faux')).statusCode).toBe(401)
    expect((await attempt(t.app as unknown as Instance, user.email, PASSWORD)).statusCode).toBe(200)
    for (let n = 0; n < LIMIT; n++)
      expect((await attempt(t.app as unknown as Instance, user.email, 'faux')).statusCode).toBe(401)
    expect((await attempt(t.app as unknown as Instance, user.email, PASSWORD)).statusCode).toBe(429)
  })
})

describe.skipIf(!pgBase)(pgTitle('a burst spread over two instances on one PostgreSQL'), () => {
  let t: TestApp
  let other: Instance
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: String(LIMIT) })
    other = await secondInstance(t)
  })
  afterAll(async () => {
    await other?.close()
    await t?.close()
  })

  it(`checks at most ${LIMIT} passwords in all, then refuses the right one on both with 429`, async () => {
    const user = await createUser(t.db, { role: 'admin' })
    await holds([t.app as unknown as Instance, other], user.email)
  })
})

async function redisUp() {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    connectTimeout: 1000,
  })
  try {
    await r.connect()
    return (await r.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    r.disconnect()
  }
}
const hasRedis = await redisUp()
if (!hasRedis) console.warn(`login burst on Redis: skipped: no Redis at ${REDIS_URL}`)

describe.skipIf(!hasRedis)(
  `a burst spread over two instances sharing Redis${hasRedis ? '' : ' — skipped: no Redis'}`,
  () => {
    let t: TestApp
    let other: Instance
    beforeAll(async () => {
      t = await createTestApp({ LOGIN_MAX_FAILURES: String(LIMIT), REDIS_URL })
      other = await secondInstance(t, REDIS_URL)
    })
    afterAll(async () => {
      await other?.close()
      await t?.close()
    })

    it(`checks at most ${LIMIT} passwords in all, then refuses the right one on both with 429`, async () => {
      const user = await createUser(t.db, { role: 'admin' })
      await holds([t.app as unknown as Instance, other], user.email)
    })
  },
)
