import { and, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { canCreateRole, canViewUser, picksAnyCountry, visibleRoles } from '@/shared/domain/permissions'
import type { Role } from '@/shared/domain/roles'
import type { SessionUser } from '@/shared/schemas/auth'
import type { AdminUser, CreateAccountInput } from '@/shared/schemas/users'
import type { Executor } from '../db/client'
import { countries, users } from '../db/schema'
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../http/errors'
import { hashPassword } from './passwords'
import { phoneOrRefuse } from './phones'
import { scopeCountryId } from './scope'
import { countryCodeOf, findCountryByName, findUserByEmail, sessionUserColumns } from './users'

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
  if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN)
  const passwordHash = await hashPassword(input.password)
  try {
    const [row] = await db
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        displayName: input.displayName,
        phoneNumber,
        city: input.city,
        countryId,
        role,
      })
      .returning({ id: users.id })
    return (await findAdminUser(db, row!.id))!
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(EMAIL_TAKEN)
    throw e
  }
}
