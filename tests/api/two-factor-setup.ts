import { createHash } from 'node:crypto'
import { afterAll, beforeAll, expect } from 'vitest'
import { totpCode } from '../../src/server/services/people/two-factor'
import { PASSWORD, post } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// What two-factor.test.ts and two-factor-sessions.test.ts share: the app, its callers and helpers.

/*
 * Staff two-factor (docs/rules/people.md#accounts, docs/security.md "Staff two-factor"): the
 * enrolment root and super_admin must make, the code step, recovery codes, the failed sign-in
 * limit, replays, root's reset with its history line, and a staff member's own sessions.
 */

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

export let t: TestApp
/**
 * This file's own app and callers. Called at the top of each file: the API files share their
 * worker's modules (vitest.config.ts), so the hooks are registered per file.
 */
export function useTwoFactorApp() {
  beforeAll(async () => {
    // The real authenticator window: one step either side of now.
    t = await createTestApp({ LOGIN_MAX_FAILURES: '5', TOTP_DRIFT_STEPS: '1' })
  })
  afterAll(() => t.close())
}

export type Res = { statusCode: number; body: string; cookies: { name: string; value: string }[] }
export const cookieOf = (res: Res, name: string) => {
  const c = res.cookies.find((x) => x.name === name)
  return c && c.value ? `${name}=${c.value}` : undefined
}
export const passwordStep = (email: string, password = PASSWORD) =>
  post(t, '/_api/auth/login_with_password', { email, password })
export const codeStep = (pending: string | undefined, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/_api/auth/two_factor/verify',
    payload: { code },
    headers: pending ? { cookie: pending } : {},
  })

/** Enrols an account through the sign-in, as the browser does: its secret and recovery codes. */
export async function enrolAtSignIn(email: string) {
  const first = await passwordStep(email)
  expect(first.json()).toEqual({ twoFactor: 'enrol' })
  const pending = cookieOf(first, 'etal_pending')!
  const setup = await t.app.inject({
    method: 'POST',
    url: '/_api/auth/two_factor/setup',
    payload: {},
    headers: { cookie: pending },
  })
  expect(setup.statusCode).toBe(200)
  const { secret, uri, qrPath } = setup.json()
  const res = await t.app.inject({
    method: 'POST',
    url: '/_api/auth/two_factor/enable',
    payload: { code: totpCode(secret) },
    headers: { cookie: pending },
  })
  return { res, secret: secret as string, uri: uri as string, qrPath: qrPath as string }
}
