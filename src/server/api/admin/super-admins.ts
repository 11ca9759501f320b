import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm'
import { COUNT_CAP } from '../../../shared/schemas/common'
import { superAdminsInput } from '../../../shared/schemas/users'
import { countries, users } from '../../db/schema'
import { defineEndpoint } from '../../http/define-endpoint'
import { notFound } from '../../http/errors'
import { UNKNOWN_COUNTRY } from '../../services/user-admin'
import { findCountryByName } from '../../services/users'

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export default defineEndpoint({
  method: 'GET',
  path: '/_api/admin/super-admins',
  input: superAdminsInput,
  roles: ['root'],
  summary: 'Super admins, paged (10 a page), by country and name or email',
  async handler({ input, db }) {
    let countryId: number | undefined
    if (input.country) {
      const country = await findCountryByName(db, input.country)
      if (!country) throw notFound(UNKNOWN_COUNTRY)
      countryId = country.id
    }
    const like = input.search ? `%${escapeLike(input.search)}%` : undefined
    const where = and(
      eq(users.role, 'super_admin'),
      countryId ? eq(users.countryId, countryId) : undefined,
      like ? or(ilike(users.displayName, like), ilike(users.email, like)) : undefined,
    )
    const rows = await db
      .select({
        id: users.id,
        displayName: users.displayName,
        email: users.email,
        country: countries.name,
        city: users.city,
        createdAt: users.createdAt,
        isActive: users.isActive,
      })
      .from(users)
      .leftJoin(countries, eq(countries.id, users.countryId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
    // Counted over at most COUNT_CAP + 1 rows: never a scan of the whole table.
    const capped = db.select({ one: sql`1` }).from(users).where(where).limit(COUNT_CAP + 1).as('capped')
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(capped)
    const totalCapped = Math.min(total, COUNT_CAP)
    return {
      superAdmins: rows,
      pagination: { page: input.page, limit: input.limit, total: totalCapped, totalPages: Math.max(1, Math.ceil(totalCapped / input.limit)) },
    }
  },
})
