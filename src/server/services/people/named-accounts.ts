import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Role } from '@/shared/domain/roles'
import type { Executor } from '@/server/db/client'
import { countries, users } from '@/server/db/schema'
import { internationalPhone } from './phones'

/**
 * The accounts a sign-in or reset identifier names (docs/rules/people.md#accounts): an e-mail one
 * at most; a phone number with its code, the accounts of that number; a number as dialled in a
 * country ("70 00 00 05"), read in each of the shop's countries, the accounts of the country that
 * reads it so, and whichever account has it as read in the country the page chose. The same local
 * digits may name an account in Mali and one in Burkina Faso: the caller tells them apart (the
 * password, the code, the page's country), never refuses both.
 */

export type FoundAccount = {
  id: number
  email: string
  passwordHash: string
  isActive: boolean
  displayName: string
  role: Role
  countryId: number | null
}

export const accountColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  displayName: users.displayName,
  role: users.role,
  countryId: users.countryId,
}

/** At most this many accounts are named by one number (more would be numbers shared before the rule). */
export const MAX_NAMED = 5

/**
 * The international forms a typed number may be (docs/rules/people.md#phones), each with the
 * country it was read in (null: it carried its code, any account's country).
 */
export async function phoneCandidates(db: Executor, raw: string) {
  const v = raw.trim()
  if (v.startsWith('+') || v.startsWith('00')) {
    const phone = internationalPhone(v, null)
    return phone ? [{ phone, countryId: null as number | null }] : []
  }
  const rows = await db.select({ id: countries.id, code: countries.code }).from(countries)
  const out: { phone: string; countryId: number | null }[] = []
  for (const c of rows) {
    const phone = internationalPhone(v, c.code)
    if (phone) out.push({ phone, countryId: c.id })
  }
  return out
}

export async function findAccountByEmail(db: Executor, email: string): Promise<FoundAccount | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1)
  return row ?? null
}

export type NamedAccounts = {
  accounts: FoundAccount[]
  /** How many numbers the spelling is (one with its code; one per country that reads it). */
  readings: number
}

/**
 * The accounts an identifier names, oldest first. `chosenCountryId`: the country chosen on the
 * page (the storefront's), in which a local spelling is also read for an account of any country.
 */
export async function accountsNamed(
  db: Executor,
  identifier: string,
  chosenCountryId?: number | null,
): Promise<NamedAccounts> {
  if (identifier.includes('@')) {
    const account = await findAccountByEmail(db, identifier)
    return { accounts: account ? [account] : [], readings: 1 }
  }
  const candidates = await phoneCandidates(db, identifier)
  if (candidates.length === 0) return { accounts: [], readings: 0 }
  const readings = new Set(candidates.map((c) => c.phone)).size
  const where: SQL[] = candidates.map((c) =>
    c.countryId == null || c.countryId === chosenCountryId
      ? eq(users.phoneNumber, c.phone)
      : and(eq(users.phoneNumber, c.phone), eq(users.countryId, c.countryId))!,
  )
  const accounts = await db
    .select(accountColumns)
    .from(users)
    .where(or(...where))
    .orderBy(users.id)
    .limit(MAX_NAMED)
  return { accounts, readings }
}

/**
 * Of the accounts named, those whose number no other account has: a code by SMS goes only to a
 * number that is one account's own (a number shared before the rule of one account per number
 * resets by e-mail, docs/decisions/0049).
 */
export async function ownNumberOnly(db: Executor, accounts: FoundAccount[]) {
  if (accounts.length === 0) return accounts
  const res = (await db.execute(
    sql`select id from users_sharing_a_phone where ${inArray(
      sql`id`,
      accounts.map((a) => a.id),
    )}`,
  )) as { rows: { id: number }[] }
  const shared = new Set(res.rows.map((r) => Number(r.id)))
  return accounts.filter((a) => !shared.has(a.id))
}

/**
 * Of several accounts the same proof opens, the one of the page's country, if exactly one is;
 * else null (the caller asks for the e-mail).
 */
export function pickByCountry<T extends { countryId: number | null }>(
  accounts: T[],
  chosenCountryId?: number | null,
): T | null {
  if (accounts.length === 1) return accounts[0]!
  const inCountry = accounts.filter((a) => chosenCountryId != null && a.countryId === chosenCountryId)
  return inCountry.length === 1 ? inCountry[0]! : null
}
