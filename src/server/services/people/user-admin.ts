import { and, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { canCreateRole, canViewUser, picksAnyCountry, visibleRoles } from '@/shared/domain/permissions'
import type { Role } from '@/shared/domain/roles'
import type { SessionUser } from '@/shared/schemas/auth'
import type { AdminUser, CreateAccountInput } from '@/shared/schemas/users'
import type { Executor } from '@/server/db/client'
import { countries, users } from '@/server/db/schema'
import { sessionUserColumns } from '@/server/db/session-user'
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '@/server/http/errors'
import { hashPassword } from './passwords'
import { phoneOrRefuse } from './phones'
import { assertPhoneFree } from './accounts'
import { scopeCountryId } from '../scope'
import { countryCodeOf, findCountryByName, findUserByEmail } from './users'

const USER_NOT_FOUND = 'Utilisateur introuvable.'
export const EMAIL_TAKEN = 'Cette adresse email est déjà utilisée.'
export const UNKNOWN_COUNTRY = 'Pays introuvable.'

/** A user as the staff screens give it: the session's fields plus createdAt and lastLogin. */
const adminUserColumns = { ...sessionUserColumns, createdAt: users.createdAt, lastLogin: users.lastLogin }

export async function selectUsers(db: Executor, where: SQL | undefined, max = 2000): Promise<AdminUser[]> {
  return db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(max)
}

export async function findAdminUser(db: Executor, userId: number): Promise<AdminUser | null> {
  const [row] = await selectUsers(db, eq(users.id, userId), 1)
  return row ?? null
}

/** The accounts the caller may list: its visible roles, in its country (root: all). */
export function visibleUsersWhere(actor: SessionUser, countryId: number | null): SQL | undefined {
  const scope = scopeCountryId(actor)
  const country = scope ?? countryId
  return and(
    inArray(users.role, [...visibleRoles(actor.role)]),
    country == null ? undefined : eq(users.countryId, country),
  )
}

/** The account the caller acts on; absent or outside its reach: 404, as absent. */
export async function findUserInReach(db: Executor, actor: SessionUser, userId: number): Promise<AdminUser> {
  const target = await findAdminUser(db, userId)
  if (!target || !canViewUser(actor, target)) throw notFound(USER_NOT_FOUND)
  return target
}

/** Root picks any country by name; every other staff member acts on its own. */
export async function countryForAccount(
  db: Executor,
  actor: SessionUser,
  countryName: string,
): Promise<number> {
  if (!picksAnyCountry(actor.role)) {
    if (actor.countryId == null) throw notFound()
    return actor.countryId
  }
  const country = await findCountryByName(db, countryName)
  if (!country) throw badRequest(UNKNOWN_COUNTRY, { country: [UNKNOWN_COUNTRY] })
  return country.id
}

/** Creates an account of `role` for the actor, under the role rules; its row as staff see it. */
export async function createAccount(db: Executor, actor: SessionUser, input: CreateAccountInput, role: Role) {
  if (!canCreateRole(actor.role, role)) throw forbidden()
  const countryId = await countryForAccount(db, actor, input.country)
  const phoneNumber = phoneOrRefuse(input.phoneNumber, await countryCodeOf(db, countryId), 'phoneNumber')
  const { email, password, displayName, city } = input
  const id = await insertAccount(db, { email, password, displayName, phoneNumber, city, countryId, role })
  return (await findAdminUser(db, id))!
}

/**
 * The one insert of an account, for registration and for staff alike: an email already taken is
 * 409 EMAIL_TAKEN (checked first, and again by the unique index should two requests race), the
 * password stored as its argon2 hash. Its id.
 */
export async function insertAccount(
  db: Executor,
  account: {
    email: string
    password: string
    displayName: string
    phoneNumber: string
    city: string
    countryId: number
    role: Role
    lastLogin?: Date
    /** Order notices by SMS too (docs/rules/orders.md#messages); off unless said. */
    notifyBySms?: boolean
  },
): Promise<number> {
  if (await findUserByEmail(db, account.email)) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN')
  const passwordHash = await hashPassword(account.password)
  try {
    // One account per phone number, checked under a lock on the number (services/people/accounts.ts).
    return await db.transaction(async (tx) => {
      await assertPhoneFree(tx, account.phoneNumber)
      const [inserted] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash,
          displayName: account.displayName,
          phoneNumber: account.phoneNumber,
          city: account.city,
          countryId: account.countryId,
          role: account.role,
          lastLogin: account.lastLogin,
          notifyBySms: account.notifyBySms ?? false,
        })
        .returning({ id: users.id })
      return inserted!.id
    })
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN')
    throw e
  }
}
