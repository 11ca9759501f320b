import { eq } from 'drizzle-orm'
import { Secret } from 'otpauth'
import type { Config } from '../src/server/config'
import type { Executor } from '../src/server/db/client'
import { secondFactors } from '../src/server/db/schema'
import { openSecret, totpCode, unsealedSecret } from '../src/server/services/people/two-factor'

/*
 * The tests' authenticator app (docs/decisions/0053): root and super_admin accounts that tests
 * make are enrolled with a random secret, and a sign-in reads that secret back from the
 * database (the test apps set no TWO_FACTOR_KEY unless told) to compute a code no earlier
 * sign-in used: the server refuses a code's time step twice.
 */

const noKey = { TWO_FACTOR_KEY: undefined } as Config

/** Enrols an account with a new secret (or the one given): its base32 text. */
export async function enrolAccount(db: Executor, userId: number, base32 = new Secret({ size: 20 }).base32) {
  await db.insert(secondFactors).values({ userId, secret: unsealedSecret(base32), enabledAt: new Date() })
  return base32
}

/** The account's enrolled secret, or null. */
export async function secretOf(db: Executor, userId: number, config: Config = noKey) {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId))
  return row?.secret ? openSecret(config, row.secret) : null
}

const PERIOD_MS = 30_000

/**
 * The test apps' TOTP_DRIFT_STEPS (tests/setup/test-app.ts): the suites sign the same root in
 * many times a minute, and the server takes each step once, so that with the real window (one
 * step either side) a fourth sign-in within 30 s would wait for the next step. The replay rule
 * holds as it is; tests of the window itself set TOTP_DRIFT_STEPS to 1 (tests/api/two-factor.test.ts).
 */
export const TEST_TOTP_DRIFT = 20

/**
 * A code of this secret the server will take now: of the steps it accepts (the current one and
 * `drift` either side), the first later than the last one it accepted; once all are spent, waits
 * for the next.
 */
export async function freshCode(
  db: Executor,
  userId: number,
  base32: string,
  drift = TEST_TOTP_DRIFT,
): Promise<string> {
  for (;;) {
    const [row] = await db
      .select({ lastStep: secondFactors.lastStep })
      .from(secondFactors)
      .where(eq(secondFactors.userId, userId))
    const last = row?.lastStep ?? -1
    const now = Math.floor(Date.now() / PERIOD_MS)
    const steps = Array.from({ length: 2 * drift + 1 }, (_, i) => now - drift + i)
    const step = steps.find((s) => s > last)
    // Not the step about to end (it may be gone by the time the server reads it).
    if (step !== undefined && !(step === now - drift && Date.now() % PERIOD_MS > PERIOD_MS - 3000)) {
      return totpCode(base32, step * PERIOD_MS)
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
}

/**
 * The second step against a server in another process (no database at hand): the codes of the
 * steps the server accepts, tried in turn until one is taken (a refused one is one failed
 * attempt of the sign-in limit; the one taken gives them back). `verify` posts a code with the
 * pending sign-in's cookie and returns the answer's status and Set-Cookie headers; the answer
 * is the `etal_session=…` pair.
 */
export async function sessionByCode(
  base32: string,
  verify: (code: string) => Promise<{ status: number; setCookies: string[] }>,
): Promise<string> {
  for (let round = 0; round < 3; round++) {
    const now = Math.floor(Date.now() / PERIOD_MS)
    for (const step of [now - 1, now, now + 1]) {
      const res = await verify(totpCode(base32, step * PERIOD_MS))
      if (res.status === 200) {
        const session = res.setCookies.find((c) => c.startsWith('etal_session='))
        if (session) return session.split(';')[0]!
      }
      if (res.status === 429) throw new Error('second step refused: too many attempts')
    }
    await new Promise((r) => setTimeout(r, PERIOD_MS))
  }
  throw new Error('second step: no code accepted')
}
