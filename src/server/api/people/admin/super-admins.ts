import { cappedCount, containsFolded } from '@/server/db/queries'
import { userCalls } from '@/shared/calls'
import { and, desc, eq, or, sql } from 'drizzle-orm'
import { countries, users } from '@/server/db/schema'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { notFound } from '@/server/http/errors'
import { UNKNOWN_COUNTRY } from '@/server/services/people/user-admin'
import { findCountryByName } from '@/server/services/people/users'

export default defineEndpoint({
  call: userCalls.superAdmins,
  roles: ['root'],
  summary: 'Super admins, paged (10 a page), by country and name or email',
  async handler({ input, db }) {
    let countryId: number | undefined
    if (input.country) {
      const country = await findCountryByName(db, input.country)
      if (!country) throw notFound(UNKNOWN_COUNTRY)
      countryId = country.id
    }
    const where = and(
      eq(users.role, 'super_admin'),
      countryId ? eq(users.countryId, countryId) : undefined,
      input.search
        ? or(containsFolded(users.displayName, input.search), containsFolded(users.email, input.search))
        : undefined,
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
    const totalCapped = await cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(users)
        .where(where)
        .$dynamic(),
    )
    return {
      superAdmins: rows,
      pagination: {
        page: input.page,
        limit: input.limit,
        total: totalCapped,
        totalPages: Math.max(1, Math.ceil(totalCapped / input.limit)),
      },
    }
  },
})
