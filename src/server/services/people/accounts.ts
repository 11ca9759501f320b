import { setTimeout as sleep } from 'node:timers/promises'
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { MessageChannel } from '@/shared/domain/messages'
import type { Db, Executor } from '@/server/db/client'
import { passwordResets, users } from '@/server/db/schema'
import { conflict, HttpError } from '@/server/http/errors'
import { deleteUserSessions } from '@/server/http/session'
import { enqueueAccountMessage } from '../messages/outbox'
import { hashPassword } from './passwords'
import {
  accountColumns,
  accountsNamed,
  ownNumberOnly,
  phoneCandidates,
  type FoundAccount,
} from './named-accounts'

/**
 * Accounts reached by e-mail or phone, and the forgotten password (docs/rules/people.md#accounts).
 * Every secret here comes from the CSPRNG, is stored as its SHA-256 only, compared in constant
 * time, used once and expires; none of them is ever logged.
 */

export const LINK_TTL_MS = 30 * 60_000
export const CODE_TTL_MS = 10 * 60_000
/** Wrong codes a code takes before it is spent (a new one must be asked for). */
export const CODE_TRIES = 5

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/** Constant-time equality of two hex digests of the same length. */
function sameDigest(a: string, b: string) {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * What a per-identifier limit counts under (docs/rules/people.md#accounts), the same whatever the
 * spelling: an e-mail lowercased; a number in each international form the phone rule reads it as
 * ("77 842 12 02", "+221 77 842 12 02" and "00221778421202" are one "+221 77 842 12 02"; a local
 * number several countries read is counted under each of them); one no country reads, its digits.
 */
export async function limitKeys(db: Executor, identifier: string): Promise<string[]> {
  const v = identifier.trim()
  if (v.includes('@')) return [`email:${v.toLowerCase()}`]
  const forms = [...new Set((await phoneCandidates(db, v)).map((c) => c.phone))].sort()
  if (forms.length > 0) return forms.map((phone) => `phone:${phone}`)
  return [`digits:${v.replace(/^\s*(\+|00)/, '').replace(/\D/g, '')}`]
}

export { findAccountByEmail, type FoundAccount } from './named-accounts'

export const PHONE_TAKEN = 'Ce numéro de téléphone est déjà celui d’un autre compte.'

/**
 * One account per phone number (docs/rules/people.md#accounts): checked on every write of a number
 * (registration, accounts staff create or edit), under a lock on the number held to the end of
 * the caller's transaction, so that two registrations racing cannot both pass. 409 PHONE_TAKEN.
 */
export async function assertPhoneFree(tx: Executor, phone: string, exceptUserId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('etal_phone:' || ${phone}::text))`)
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId == null
        ? eq(users.phoneNumber, phone)
        : and(eq(users.phoneNumber, phone), ne(users.id, exceptUserId)),
    )
    .limit(1)
  if (other) throw conflict(PHONE_TAKEN, 'PHONE_TAKEN')
}

/** The accounts whose number another account shares (kept from before the rule; root's to resolve). */
export async function accountsSharingAPhone(db: Executor) {
  const res = (await db.execute(
    sql`select id, phone_number as "phoneNumber" from users_sharing_a_phone order by phone_number, id`,
  )) as { rows: { id: number; phoneNumber: string }[] }
  return res.rows.map((r) => ({ id: Number(r.id), phoneNumber: r.phoneNumber }))
}

const fingerprint = (passwordHash: string) => sha256(passwordHash)

/**
 * No reset's request is done sooner than this after its lookup started, whether an account exists
 * or not (docs/rules/people.md#accounts): the work itself takes a few milliseconds, twice as long
 * when it writes (a reset written waits for its commit to reach the disk, one that writes nothing
 * does not).
 */
export const RESET_ANSWER_MS = 100

/**
 * A reset asked for by an e-mail or a phone number: the same statements run whether it names an
 * account or not (an insert that inserts nothing, a message that goes nowhere), and none ends
 * sooner than `RESET_ANSWER_MS` after its lookup, so the answer's time tells nothing. By e-mail a
 * link `<origin>/reset-password?token=<selector>.<secret>`; by SMS a 6-digit code. A deactivated
 * account is treated as none. A number as dialled that names accounts of several countries
 * (docs/rules/people.md#accounts): the code goes to the account of the page's country
 * (`chosenCountryId`), or, without one there, to each of them, each its own code to its own
 * number; only to a number that is one account's own.
 */
export async function requestReset(
  db: Db,
  identifier: string,
  channel: MessageChannel,
  /** Where the e-mailed link leads, absolute (web/site-files.ts messageOrigin). */
  origin: string,
  chosenCountryId?: number | null,
) {
  const started = performance.now()
  const named = (await accountsNamed(db, identifier, chosenCountryId)).accounts.filter((a) => a.isActive)
  const reached = channel === 'sms' ? inCountryOrEach(await ownNumberOnly(db, named), chosenCountryId) : named
  for (const live of reached.length > 0 ? reached : [null]) await writeReset(db, live, channel, origin)
  await sleep(Math.max(0, RESET_ANSWER_MS - (performance.now() - started)))
}

/** The accounts of the page's country, if any is among them; else all of them. */
function inCountryOrEach(accounts: FoundAccount[], chosenCountryId?: number | null) {
  const inCountry = accounts.filter((a) => chosenCountryId != null && a.countryId === chosenCountryId)
  return inCountry.length > 0 ? inCountry : accounts
}

/** One account's new link or code and its message; for none, the same statements writing nothing. */
async function writeReset(db: Db, live: FoundAccount | null, channel: MessageChannel, origin: string) {
  const selector = randomBytes(12).toString('base64url')
  const secret =
    channel === 'email'
      ? randomBytes(32).toString('base64url')
      : String(randomInt(0, 1_000_000)).padStart(6, '0')
  const ttl = channel === 'email' ? LINK_TTL_MS : CODE_TTL_MS
  const link = `${origin}/reset-password?token=${selector}.${secret}`
  await db.transaction(async (tx) => {
    // A new request spends the earlier ones of the same way (one live code or link at a time).
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.userId, live?.id ?? -1),
          eq(passwordResets.channel, channel),
          isNull(passwordResets.usedAt),
        ),
      )
    await tx.execute(sql`
      insert into password_resets (user_id, channel, selector, secret_hash, password_fingerprint, expires_at)
      select ${live?.id ?? null}::int, ${channel}::text, ${selector}::text, ${sha256(secret)}::text,
        ${fingerprint(live?.passwordHash ?? '')}::text, now() + make_interval(secs => ${ttl / 1000}::float8)
      where ${live?.id ?? null}::int is not null`)
    await enqueueAccountMessage(
      tx,
      live?.id ?? null,
      channel === 'email' ? 'password_reset_link' : 'password_reset_code',
      channel,
      channel === 'email' ? { link } : { code: secret },
    )
  })
}

export const RESET_INVALID_LINK =
  'Ce lien ne marche plus : il a déjà servi, il a expiré ou le mot de passe a changé depuis. Demandez-en un nouveau.'
export const RESET_INVALID_CODE =
  'Code incorrect ou expiré. Après 5 essais, ou 10 minutes, il faut demander un nouveau code.'

const refuse = (message: string) => new HttpError(400, 'RESET_INVALID', message)

/** The live reset of a link's token, compared in constant time; 400 RESET_INVALID otherwise. */
export async function resetFromLink(db: Db, token: string) {
  const [selector = '', secret = ''] = token.split('.')
  const [row] = await db
    .select({ reset: passwordResets, account: accountColumns })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.selector, selector), eq(passwordResets.channel, 'email')))
    .limit(1)
  const ok =
    sameDigest(row?.reset.secretHash ?? sha256('no reset'), sha256(secret)) &&
    row != null &&
    isLive(row.reset, row.account)
  if (!ok || !row) throw refuse(RESET_INVALID_LINK)
  return row
}

function isLive(reset: typeof passwordResets.$inferSelect, account: FoundAccount) {
  return (
    reset.usedAt == null &&
    reset.expiresAt.getTime() > Date.now() &&
    account.isActive &&
    sameDigest(reset.passwordFingerprint, fingerprint(account.passwordHash))
  )
}

/**
 * The live code of an account the phone names (each account a local number names may have its own
 * code: docs/rules/people.md#accounts), compared in constant time with each. A wrong code counts
 * one try on each live code, atomically; the fifth spends it (the right code then fails too). An
 * unknown phone gets the same refusal as a wrong code.
 */
export async function resetFromCode(
  db: Db,
  identifier: string,
  code: string,
  chosenCountryId?: number | null,
) {
  const named = await ownNumberOnly(db, (await accountsNamed(db, identifier, chosenCountryId)).accounts)
  const rows =
    named.length > 0
      ? await db
          .select()
          .from(passwordResets)
          .where(
            and(
              inArray(
                passwordResets.userId,
                named.map((a) => a.id),
              ),
              eq(passwordResets.channel, 'sms'),
            ),
          )
          .orderBy(desc(passwordResets.createdAt), desc(passwordResets.id))
      : []
  // Each account's latest code; one comparison at least, found or not.
  const pairs = (named.length > 0 ? named : [null]).map((account) => {
    const reset = account ? rows.find((r) => r.userId === account.id) : undefined
    const right = sameDigest(reset?.secretHash ?? sha256('no reset'), sha256(code))
    const live = !!account && !!reset && isLive(reset, account) && reset.attempts < CODE_TRIES
    return { account, reset, right, live }
  })
  const won = pairs.find((p) => p.right && p.live)
  if (won) return { reset: won.reset!, account: won.account! }
  for (const p of pairs.filter((x) => x.live))
    await db
      .update(passwordResets)
      .set({
        attempts: sql`${passwordResets.attempts} + 1`,
        usedAt: sql`case when ${passwordResets.attempts} + 1 >= ${CODE_TRIES} then now() else ${passwordResets.usedAt} end`,
      })
      .where(eq(passwordResets.id, p.reset!.id))
  throw refuse(RESET_INVALID_CODE)
}

/**
 * The new password: written, every reset of the account spent (claimed first, so that two uses
 * of one link race to one winner), every session ended, and the account told. The caller then
 * opens a session on this device.
 */
export async function setNewPassword(db: Db, resetId: number, userId: number, password: string) {
  const passwordHash = await hashPassword(password)
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id })
    if (claimed.length === 0) throw refuse(RESET_INVALID_LINK)
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId))
    await deleteUserSessions(tx, userId)
    await enqueueAccountMessage(tx, userId, 'password_changed', null)
  })
}

/** The client's channels (docs/rules/orders.md#messages) and the number SMS go to. */
export async function notificationPrefsOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ email: users.notifyByEmail, sms: users.notifyBySms, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId))
  return { prefs: { email: row!.email, sms: row!.sms }, phoneNumber: row!.phoneNumber }
}
