import { eq, sql } from 'drizzle-orm'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Executor } from '@/server/db/client'
import { sessionUserColumns } from '@/server/db/session-user'
import { countries, users } from '@/server/db/schema'

export async function findSessionUser(db: Executor, userId: number): Promise<SessionUser | null> {
  const [row] = await db
    .select(sessionUserColumns)
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, userId))
    .limit(1)
  return row ?? null
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1)
  return row ?? null
}

/** Resolves a country's name, case-insensitively, to its row (docs/rules/delivery.md#places). */
export async function findCountryByName(db: Executor, name: string) {
  const [row] = await db
    .select()
    .from(countries)
    .where(eq(sql`lower(${countries.name})`, name.trim().toLowerCase()))
    .limit(1)
  return row ?? null
}

/** A country's ISO code, to read a local phone number in it (services/people/phones.ts). */
export async function countryCodeOf(db: Executor, countryId: number | null) {
  if (countryId == null) return null
  const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.id, countryId))
  return row?.code ?? null
}
