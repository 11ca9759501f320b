import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { roleEnum } from './enums'
import { countries } from './places'

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    displayName: text().notNull(),
    phoneNumber: text(),
    city: text(),
    countryId: integer().references(() => countries.id),
    role: roleEnum().notNull().default('client'),
    // A balance is a sum over every order ever delivered: bigint, whatever the ceilings (docs/rules.md#limits).
    loyaltyPoints: bigint({ mode: 'number' }).notNull().default(0),
    customDiscountPercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_country_role_idx').on(t.countryId, t.role, t.createdAt),
    index('users_role_idx').on(t.role, t.createdAt),
    // Dashboards count accounts by country, role and state from this index alone.
    index('users_country_role_active_idx').on(t.countryId, t.role, t.isActive),
    // Searches by name or email (etal_fold(…) LIKE '%…%', docs/rules.md#search), e.g. the admin
    // order list's: trigrams of the folded text (migration 0013).
    index('users_display_name_fold_trgm_idx').using('gin', sql`etal_fold(${t.displayName}) gin_trgm_ops`),
    index('users_email_fold_trgm_idx').using('gin', sql`etal_fold(${t.email}) gin_trgm_ops`),
    check('users_points_ck', sql`${t.loyaltyPoints} >= 0`),
    check(
      'users_discount_ck',
      sql`${t.customDiscountPercent} is null or (${t.customDiscountPercent} >= 0 and ${t.customDiscountPercent} <= 100)`,
    ),
  ],
)

/**
 * The names a client's orders were placed under that are not the client's name any more (a
 * rename, or an order written under another name), kept by triggers on users and orders
 * (migration 0008). With them, a search by client reads the accounts, not every order's name:
 * an order's stored customer name is always its client's current name or one of these.
 */
export const userFormerNames = pgTable(
  'user_former_names',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.name] }),
    index('user_former_names_name_fold_trgm_idx').using('gin', sql`etal_fold(${t.name}) gin_trgm_ops`),
  ],
)

/** Only the SHA-256 of a session token is stored (docs/rules.md#accounts). */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)
