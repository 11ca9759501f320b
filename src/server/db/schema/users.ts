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
    // A balance is a sum over every order ever delivered: bigint, whatever the ceilings (docs/rules/api.md#limits).
    loyaltyPoints: bigint({ mode: 'number' }).notNull().default(0),
    customDiscountPercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp({ withTimezone: true }),
    /** How the account is told of its orders (docs/rules/people.md#accounts): e-mail, SMS or both. */
    notifyByEmail: boolean().notNull().default(true),
    notifyBySms: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_country_role_idx').on(t.countryId, t.role, t.createdAt),
    index('users_role_idx').on(t.role, t.createdAt),
    // Sign-in and password reset by phone read an account by its number; one account per number
    // is checked on every write (services/people/accounts.ts), the numbers shared before that rule are
    // reported to root (migration 0026, docs/rules/people.md#accounts).
    index('users_phone_idx').on(t.phoneNumber),
    // Dashboards count accounts by country, role and state from this index alone.
    index('users_country_role_active_idx').on(t.countryId, t.role, t.isActive),
    // Searches by name or email (etal_fold(…) LIKE '%…%', docs/rules/catalogue.md#search), e.g. the admin
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

/** Only the SHA-256 of a session token is stored (docs/rules/people.md#accounts). */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** What the owner sees in its list of sessions (docs/rules/people.md#accounts): never a secret. */
    userAgent: text(),
    ip: text(),
    /** Moved forward at most every few minutes by the requests of the session (http/session.ts). */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)

/**
 * A staff member's TOTP authenticator (docs/rules/people.md#accounts, docs/decisions/0053):
 * the secret, encrypted with TWO_FACTOR_KEY when set (services/people/two-factor.ts), `pendingSecret`
 * while an enrolment waits for its first code, and the last time step a code was accepted for,
 * so that no code is accepted twice.
 */
export const secondFactors = pgTable('second_factors', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text(),
  pendingSecret: text(),
  lastStep: bigint({ mode: 'number' }),
  enabledAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Ten single-use recovery codes per enrolment; only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
)

/**
 * A password accepted for an account that needs its second factor: the short-lived state
 * between the two steps (10 minutes), found by the SHA-256 of a cookie's token. It opens no
 * page: only the code step ('code') or the enrolment ('enrol') read it.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['code', 'enrol'] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
)

/** Lines of an account's history that are not orders nor points: who did what to its security. */
export const accountEvents = pgTable(
  'account_events',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['two_factor_enabled', 'two_factor_reset'] }).notNull(),
    byUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_events_user_idx').on(t.userId, t.createdAt)],
)

/**
 * A password reset asked for (docs/rules/people.md#accounts): by e-mail, a link whose token is a
 * public selector and a secret of 32 random bytes; by SMS, a 6-digit code. Only the SHA-256 of
 * the secret (or of the code) is stored; `passwordFingerprint` is the SHA-256 of the password's
 * hash when it was asked for, so that no reset works once the password changed, by any way.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    selector: text().notNull(),
    secretHash: text().notNull(),
    passwordFingerprint: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_selector_uq').on(t.selector),
    index('password_resets_user_idx').on(t.userId, t.createdAt),
  ],
)
