import { createCipheriv, createDecipheriv, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import qrcode from 'qrcode-generator'
import type { Role } from '@/shared/domain/roles'
import type { Config } from '@/server/config'
import type { Db, Executor } from '@/server/db/client'
import { accountEvents, recoveryCodes, secondFactors, signInChallenges, users } from '@/server/db/schema'
import { hashToken } from '@/server/http/session'

/*
 * Staff two-factor (docs/rules/people.md#accounts, docs/decisions/0053): a TOTP authenticator
 * (RFC 6238: SHA-1, 6 digits, 30 s, one step either side for a phone's clock), ten single-use
 * recovery codes, and the short-lived state between the password and the code.
 */

/** They cannot use the back-office before they enrolled. */
export const TWO_FACTOR_REQUIRED: readonly Role[] = ['root', 'super_admin']
/** They may enrol from their account; clients have no second factor. */
export const TWO_FACTOR_ALLOWED: readonly Role[] = ['root', 'super_admin', 'admin', 'delivery_driver']

const PERIOD = 30
const ISSUER = 'Étal'
export const RECOVERY_CODE_COUNT = 10
/** How long the password step is worth without its code (or its enrolment). */
const CHALLENGE_TTL_MS = 10 * 60 * 1000
/** Crockford's base32 without look-alikes: 12 of them is 60 random bits. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'

// ---- the secret at rest ----

function keyOf(config: Config): Buffer | null {
  const k = config.TWO_FACTOR_KEY
  if (!k) return null
  return /^[0-9a-f]{64}$/i.test(k) ? Buffer.from(k, 'hex') : Buffer.from(k, 'base64')
}

/** A secret kept as it is (no TWO_FACTOR_KEY; the demo's, which is public anyway). */
export const unsealedSecret = (base32: string) => `p:${base32}`

/** 'v1:<iv>:<tag>:<ciphertext>' (AES-256-GCM) with a key, else 'p:<base32>'. */
export function sealSecret(config: Config, base32: string): string {
  const key = keyOf(config)
  if (!key) return unsealedSecret(base32)
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':')
}

export function openSecret(config: Config, sealed: string): string {
  if (sealed.startsWith('p:')) return sealed.slice(2)
  const key = keyOf(config)
  if (!key) throw new Error('A TOTP secret is encrypted and TWO_FACTOR_KEY is not set')
  const [, iv, tag, data] = sealed.split(':').map((p) => Buffer.from(p, 'base64url'))
  const decipher = createDecipheriv('aes-256-gcm', key, iv!)
  decipher.setAuthTag(tag!)
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8')
}

const totpOf = (base32: string, label = 'compte') =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(base32),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
  })

/** The code of a secret at a time: the tests' authenticator, and the demo's (README). */
export const totpCode = (base32: string, at = Date.now()) => totpOf(base32).generate({ timestamp: at })

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * The time step a 6-digit code matches (this one, or one up to `drift` steps before or after:
 * config TOTP_DRIFT_STEPS, 1 by default), or null. Each is computed and compared in constant
 * time, whichever matches.
 */
function matchingStep(base32: string, code: string, drift: number, now = Date.now()): number | null {
  const step = Math.floor(now / 1000 / PERIOD)
  let found: number | null = null
  for (let s = step - drift; s <= step + drift; s++) {
    if (sameText(totpOf(base32).generate({ timestamp: s * PERIOD * 1000 }), code) && found === null) found = s
  }
  return found
}

// ---- status ----

export async function factorOf(db: Executor, userId: number) {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId))
  return row ?? null
}

/** Whether the account signs in with a code: its authenticator is enrolled. */
export async function hasSecondFactor(db: Executor, userId: number) {
  const row = await factorOf(db, userId)
  return Boolean(row?.secret)
}

export async function recoveryCodesLeft(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return row?.n ?? 0
}

// ---- codes ----

/**
 * A 6-digit code of the account's authenticator, accepted once: the step it matches must be
 * later than the last one accepted, and is recorded in the same statement (so two requests
 * with the same code cannot both pass).
 */
export async function acceptTotp(db: Executor, config: Config, userId: number, code: string) {
  const row = await factorOf(db, userId)
  if (!row?.secret || !/^\d{6}$/.test(code)) return false
  const step = matchingStep(openSecret(config, row.secret), code, config.TOTP_DRIFT_STEPS)
  if (step === null) return false
  const updated = await db
    .update(secondFactors)
    .set({ lastStep: step })
    .where(
      and(
        eq(secondFactors.userId, userId),
        sql`(${secondFactors.lastStep} is null or ${secondFactors.lastStep} < ${step})`,
      ),
    )
    .returning({ userId: secondFactors.userId })
  return updated.length === 1
}

export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')

/** A recovery code, spent by this use: its hash compared in constant time with each left. */
export async function spendRecoveryCode(db: Executor, userId: number, code: string) {
  const typed = Buffer.from(hashToken(normalizeRecoveryCode(code)), 'hex')
  const left = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  let match: number | null = null
  for (const row of left) {
    const stored = Buffer.from(row.codeHash, 'hex')
    if (stored.length === typed.length && timingSafeEqual(stored, typed) && match === null) match = row.id
  }
  if (match === null) return false
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, match), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
  return spent.length === 1
}

/** A code as typed at the second step: 6 digits for the authenticator, else a recovery code. */
export const acceptSecondFactor = (db: Executor, config: Config, userId: number, code: string) => {
  const typed = code.replace(/\s/g, '')
  return /^\d{6}$/.test(typed) ? acceptTotp(db, config, userId, typed) : spendRecoveryCode(db, userId, typed)
}

function newRecoveryCode() {
  let s = ''
  for (let i = 0; i < 12; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`
}

// ---- enrolment ----

/** The QR code of a text as one SVG path: drawn on the server, so no QR library reaches the browser. */
export function qrPath(text: string) {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const n = qr.getModuleCount()
  let d = ''
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4},${r + 4}h1v1h-1z`
  return { path: d, size: n + 8 }
}

/** A new secret waiting for its first code (an earlier one waiting is replaced). */
export async function startEnrolment(db: Executor, config: Config, user: { id: number; email: string }) {
  const base32 = new Secret({ size: 20 }).base32
  const pendingSecret = sealSecret(config, base32)
  await db
    .insert(secondFactors)
    .values({ userId: user.id, pendingSecret })
    .onConflictDoUpdate({ target: secondFactors.userId, set: { pendingSecret } })
  const uri = totpOf(base32, user.email).toString()
  const qr = qrPath(uri)
  return { secret: base32, uri, qrPath: qr.path, qrSize: qr.size }
}

/**
 * The first code of the waiting secret: the secret becomes the account's, ten new recovery
 * codes replace any earlier ones (returned once, only their hashes kept), and the history says
 * so. An account moving from one authenticator to another gives `currentCode`, a code of the
 * one it has (or a recovery code), checked once the new code matched so that a mistyped new
 * code spends nothing. `wrong` names the code that did not match.
 */
export async function confirmEnrolment(
  db: Db,
  config: Config,
  userId: number,
  code: string,
  currentCode: string | null = null,
): Promise<{ codes: string[] } | { wrong: 'code' | 'currentCode' }> {
  const row = await factorOf(db, userId)
  const typed = code.replace(/\s/g, '')
  if (!row?.pendingSecret || !/^\d{6}$/.test(typed)) return { wrong: 'code' }
  const step = matchingStep(openSecret(config, row.pendingSecret), typed, config.TOTP_DRIFT_STEPS)
  if (step === null) return { wrong: 'code' }
  if (currentCode !== null && !(await acceptSecondFactor(db, config, userId, currentCode))) {
    return { wrong: 'currentCode' }
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  const done = await db.transaction(async (tx) => {
    const moved = await tx
      .update(secondFactors)
      .set({ secret: row.pendingSecret, pendingSecret: null, lastStep: step, enabledAt: new Date() })
      .where(and(eq(secondFactors.userId, userId), eq(secondFactors.pendingSecret, row.pendingSecret!)))
      .returning({ userId: secondFactors.userId })
    if (moved.length !== 1) return false
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId, codeHash: hashToken(normalizeRecoveryCode(c)) })))
    await tx.insert(accountEvents).values({ userId, kind: 'two_factor_enabled', byUserId: userId })
    return true
  })
  return done ? { codes } : { wrong: 'code' as const }
}

/** root takes away another account's second factor (it enrols again at its next sign-in). */
export async function resetSecondFactor(db: Db, userId: number, byUserId: number) {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(secondFactors)
      .where(eq(secondFactors.userId, userId))
      .returning({ secret: secondFactors.secret })
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId))
    if (!removed.some((r) => r.secret)) return false
    await tx.insert(accountEvents).values({ userId, kind: 'two_factor_reset', byUserId })
    return true
  })
}

// ---- between the password and the code ----

export async function createChallenge(db: Executor, userId: number, purpose: 'code' | 'enrol') {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS)
  // One pending sign-in per account: an earlier one ends.
  await db.delete(signInChallenges).where(eq(signInChallenges.userId, userId))
  await db.insert(signInChallenges).values({ id: hashToken(token), userId, purpose, expiresAt })
  return { token, expiresAt }
}

/** The pending sign-in of a cookie's token, with its account, if it has not expired. */
export async function readChallenge(db: Executor, token: string | undefined) {
  if (!token || token.length > 100) return null
  const [row] = await db
    .select({ challenge: signInChallenges, email: users.email, role: users.role, isActive: users.isActive })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(and(eq(signInChallenges.id, hashToken(token)), gt(signInChallenges.expiresAt, new Date())))
  return row && row.isActive ? row : null
}

export async function endChallenge(db: Executor, token: string) {
  await db.delete(signInChallenges).where(eq(signInChallenges.id, hashToken(token)))
}

/** What the password step leads to for this account: a session, a code, or an enrolment. */
export async function secondStepOf(db: Executor, user: { id: number; role: Role }) {
  if (await hasSecondFactor(db, user.id)) return 'code' as const
  if (TWO_FACTOR_REQUIRED.includes(user.role)) return 'enrol' as const
  return null
}
