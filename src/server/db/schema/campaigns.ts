import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { animalStatusEnum, campaignSlotKindEnum, depositKindEnum, reservationStatusEnum } from './enums'
import { preparations } from './catalogue'
import { countries } from './places'
import { users } from './users'

/**
 * A feast sold ahead in one country (docs/rules/campaigns.md, decision 0066): when ordering opens
 * and closes, when the balance is due, the deposit rule, the cancellation rule and the services'
 * prices (null: not offered). Amounts are whole francs of the country's currency.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial().primaryKey(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    name: text().notNull(),
    feastDate: date({ mode: 'string' }).notNull(),
    opensAt: timestamp({ withTimezone: true }).notNull(),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    balanceDueAt: timestamp({ withTimezone: true }).notNull(),
    depositKind: depositKindEnum().notNull().default('percent'),
    /** The deposit's share of the price, in percent (the least asked: more may be paid). */
    depositPercent: integer().notNull().default(30),
    depositFixed: integer(),
    /** Refundable (less the fee) until then; null: never refundable. */
    refundableUntil: timestamp({ withTimezone: true }),
    cancellationFee: integer().notNull().default(0),
    slaughterPrice: integer(),
    keepingPerNight: integer(),
    /**
     * The reminders of the balance (docs/rules/campaigns-messages.md): weekly while it is owed, and
     * this many days before it is due (null: none then).
     */
    remindWeekly: boolean().notNull().default(true),
    remindDaysBefore: integer().default(3),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_country_idx').on(t.countryId, t.closesAt),
    check('campaigns_window_ck', sql`${t.closesAt} > ${t.opensAt}`),
    check('campaigns_deposit_percent_ck', sql`${t.depositPercent} between 1 and 100`),
    check(
      'campaigns_deposit_fixed_ck',
      sql`(${t.depositKind} = 'fixed') = (${t.depositFixed} is not null) and (${t.depositFixed} is null or ${t.depositFixed} > 0)`,
    ),
    check('campaigns_remind_ck', sql`coalesce(${t.remindDaysBefore}, 1) between 1 and 60`),
    check(
      'campaigns_prices_ck',
      sql`${t.cancellationFee} >= 0 and coalesce(${t.slaughterPrice}, 0) >= 0 and coalesce(${t.keepingPerNight}, 0) >= 0`,
    ),
  ],
)

/** The cutting a campaign offers: the country's preparations (whole, in quarters…), each priced. */
export const campaignPreparations = pgTable(
  'campaign_preparations',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    preparationId: integer()
      .notNull()
      .references(() => preparations.id, { onDelete: 'cascade' }),
    price: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.preparationId] }),
    check('campaign_preparations_price_ck', sql`${t.price} >= 0`),
  ],
)

/**
 * Delivery on the eve, or collection at the shop on the day: a window with its capacity and price.
 * `booked` counts the reservations holding a place, raised only while below the capacity (one
 * conditional update: a rush never overfills a slot).
 */
export const campaignSlots = pgTable(
  'campaign_slots',
  {
    id: serial().primaryKey(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: campaignSlotKindEnum().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    capacity: integer().notNull(),
    booked: integer().notNull().default(0),
    price: integer().notNull().default(0),
  },
  (t) => [
    index('campaign_slots_campaign_idx').on(t.campaignId, t.startsAt),
    check(
      'campaign_slots_ck',
      sql`${t.endsAt} > ${t.startsAt} and ${t.capacity} between 1 and 10000 and ${t.booked} between 0 and ${t.capacity} and ${t.price} >= 0`,
    ),
  ],
)

/**
 * An animal, its own listing: the tag tied to it, its photos (keys of the photo store), breed,
 * estimated live weight, age, price. Its status follows its live reservation; `available` again
 * when a hold expires.
 */
export const campaignAnimals = pgTable(
  'campaign_animals',
  {
    id: serial().primaryKey(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    tag: text().notNull(),
    breed: text().notNull(),
    weightKg: integer().notNull(),
    ageMonths: integer(),
    price: integer().notNull(),
    notes: text(),
    photoKeys: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: animalStatusEnum().notNull().default('available'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_animals_tag_uq').on(t.campaignId, sql`lower(${t.tag})`),
    index('campaign_animals_campaign_idx').on(t.campaignId, t.price),
    check(
      'campaign_animals_ck',
      sql`${t.price} > 0 and ${t.weightKg} > 0 and coalesce(${t.ageMonths}, 0) >= 0`,
    ),
  ],
)

/** A share sold by count (a half, a quarter): its price and the stock left. */
export const campaignShares = pgTable(
  'campaign_shares',
  {
    id: serial().primaryKey(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    price: integer().notNull(),
    stock: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_shares_campaign_idx').on(t.campaignId),
    check('campaign_shares_ck', sql`${t.price} > 0 and ${t.stock} >= 0`),
  ],
)

/**
 * A client's reservation of one animal or one share (docs/rules/campaigns.md): the price and the
 * services as chosen, the deposit asked, what was received; the pay link's token, kept hashed
 * (as sessions' are: the link is shown once); the recipient when not the client; the hold's end.
 */
export const campaignReservations = pgTable(
  'campaign_reservations',
  {
    id: serial().primaryKey(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    animalId: integer().references(() => campaignAnimals.id),
    shareId: integer().references(() => campaignShares.id),
    status: reservationStatusEnum().notNull().default('held'),
    price: integer().notNull(),
    /** The services chosen, priced when chosen: slaughter, cutting, keeping, the slot's price. */
    servicesAmount: integer().notNull().default(0),
    depositAmount: integer().notNull(),
    amountPaid: integer().notNull().default(0),
    payTokenHash: text().notNull(),
    holdExpiresAt: timestamp({ withTimezone: true }).notNull(),
    slaughter: boolean().notNull().default(false),
    preparationId: integer().references(() => preparations.id),
    keepingNights: integer().notNull().default(0),
    slotId: integer().references(() => campaignSlots.id),
    recipientName: text(),
    recipientPhone: text(),
    recipientAddress: text(),
    /** docs/rules/campaigns-operations.md#delivery-on-the-eve: the shop's driver who delivers it. */
    deliveryDriverId: integer().references(() => users.id),
    /**
     * docs/rules/campaigns-operations.md#due-date: this reservation's own due date when staff
     * extended it (null: the campaign's `balance_due_at`).
     */
    dueAt: timestamp({ withTimezone: true }),
    /** Points credited when it was delivered or collected (docs/rules/campaigns-operations.md#handing-over). */
    pointsEarned: integer().notNull().default(0),
    /** docs/rules/campaigns-operations.md#cancelling: what the shop kept and gave back, when. */
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: integer().references(() => users.id),
    keptAmount: integer(),
    refundAmount: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_reservations_token_uq').on(t.payTokenHash),
    index('campaign_reservations_campaign_idx').on(t.campaignId, t.status),
    index('campaign_reservations_user_idx').on(t.userId),
    index('campaign_reservations_driver_idx')
      .on(t.deliveryDriverId)
      .where(sql`${t.deliveryDriverId} is not null`),
    // The holds to return: lazily on read and by the housekeeping.
    index('campaign_reservations_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'held'`),
    // One live reservation per animal: a second can never be written, whatever the code does.
    uniqueIndex('campaign_reservations_animal_live_uq')
      .on(t.animalId)
      .where(sql`${t.status} in ('held', 'booked', 'paid', 'ready', 'delivered', 'collected')`),
    check('campaign_reservations_item_ck', sql`(${t.animalId} is null) <> (${t.shareId} is null)`),
    check(
      'campaign_reservations_money_ck',
      sql`${t.price} > 0 and ${t.servicesAmount} >= 0 and ${t.depositAmount} >= 0 and ${t.amountPaid} between 0 and ${t.price} + ${t.servicesAmount}`,
    ),
    check('campaign_reservations_services_ck', sql`${t.keepingNights} between 0 and 60`),
  ],
)

/**
 * Cash a staff member took at the shop for a reservation (docs/rules/campaigns-operations.md#cash):
 * counted in `amount_paid` as a paid attempt is, bound to the balance by the same rule, with who
 * took it. Only ever added to; `given_back` is the part handed back in cash at a cancellation.
 */
export const campaignCashReceipts = pgTable(
  'campaign_cash_receipts',
  {
    id: serial().primaryKey(),
    reservationId: integer()
      .notNull()
      .references(() => campaignReservations.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    recordedBy: integer()
      .notNull()
      .references(() => users.id),
    givenBack: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_cash_receipts_reservation_idx').on(t.reservationId),
    check('campaign_cash_receipts_ck', sql`${t.amount} > 0 and ${t.givenBack} between 0 and ${t.amount}`),
  ],
)

/**
 * The pay links issued after the first (decision 0073): by the client or staff again, or by a
 * message that carries one (a reminder; `outboxMessageId`). The first is the reservation's own
 * `payTokenHash`; every one kept as its SHA-256, each valid until staff or the client revoke them.
 */
export const campaignPayLinks = pgTable(
  'campaign_pay_links',
  {
    id: serial().primaryKey(),
    reservationId: integer()
      .notNull()
      .references(() => campaignReservations.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    /** The message that carried it (one link per message, replaced if its send is tried again). */
    outboxMessageId: integer(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_pay_links_token_uq').on(t.tokenHash),
    index('campaign_pay_links_reservation_idx').on(t.reservationId),
  ],
)

/**
 * The reminders written, one row per reservation and reminder time (`week-2`, `due-3`): its
 * primary key is what makes each sent once, whatever the housekeeping's instances do.
 */
export const campaignReminders = pgTable(
  'campaign_reminders',
  {
    reservationId: integer()
      .notNull()
      .references(() => campaignReservations.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.key] })],
)
