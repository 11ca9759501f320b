import { cashEntryTypes, MAX_CASH_AMOUNT } from '../domain/cash'
import { paymentProviders } from '../domain/payments'
import { id, oneLine, text } from './common'
import { z } from './zod'

// The drivers' cash (docs/rules/money.md#drivers-cash): inputs and answers.

const DRIVER_MESSAGE = 'Veuillez sélectionner un livreur'
const REASON_MAX = 300

/** A reason or a note: one line, at most 300 characters; '' means none. */
export const cashReason = text(REASON_MAX)

export const CASH_COLLECTED_MESSAGE =
  'Le montant encaissé doit être un nombre entier de francs, positif ou nul.'
export const cashCollected = z
  .number({ error: CASH_COLLECTED_MESSAGE })
  .int({ error: CASH_COLLECTED_MESSAGE })
  .min(0, { error: CASH_COLLECTED_MESSAGE })
  .max(MAX_CASH_AMOUNT, { error: 'Le montant encaissé est trop élevé.' })

const HANDOVER_MESSAGE = 'Le montant remis doit être un nombre entier de francs supérieur à 0.'
/** POST /_api/admin/cash/handover: cash a driver hands over to staff ("remise"). */
export const cashHandoverInput = z.strictObject({
  driverId: id(DRIVER_MESSAGE),
  amount: z
    .number({ error: HANDOVER_MESSAGE })
    .int({ error: HANDOVER_MESSAGE })
    .min(1, { error: HANDOVER_MESSAGE })
    .max(MAX_CASH_AMOUNT, { error: 'Le montant remis est trop élevé.' }),
  note: cashReason.optional(),
})
export type CashHandoverInput = z.input<typeof cashHandoverInput>

const CORRECTION_MESSAGE = 'Le montant de la correction doit être un nombre entier de francs, différent de 0.'
export const CORRECTION_REASON_MESSAGE = 'Indiquez la raison de la correction.'
/** POST /_api/admin/cash/correction: a signed correction of a driver's balance, with its reason. */
export const cashCorrectionInput = z.strictObject({
  driverId: id(DRIVER_MESSAGE),
  amount: z
    .number({ error: CORRECTION_MESSAGE })
    .int({ error: CORRECTION_MESSAGE })
    .min(-MAX_CASH_AMOUNT, { error: 'Le montant de la correction est trop élevé.' })
    .max(MAX_CASH_AMOUNT, { error: 'Le montant de la correction est trop élevé.' })
    .refine((n) => n !== 0, { error: CORRECTION_MESSAGE }),
  reason: oneLine(
    z
      .string({ error: CORRECTION_REASON_MESSAGE })
      .trim()
      .min(1, { error: CORRECTION_REASON_MESSAGE })
      .max(REASON_MAX, `Ce champ ne peut pas dépasser ${REASON_MAX} caractères.`),
  ),
  orderId: id('ID de commande manquant ou invalide.').optional(),
})
export type CashCorrectionInput = z.input<typeof cashCorrectionInput>

const DAY = /^\d{4}-\d{2}-\d{2}$/
const DATE_MESSAGE = 'La date doit être un jour valide (AAAA-MM-JJ) entre le 01/01/2000 et le 31/12/2100.'
/** A calendar day, 2000-01-01 to 2100-12-31 (docs/rules/api.md#limits). */
export const calendarDay = oneLine(z.string().trim().max(10, DATE_MESSAGE)).refine(
  (s) => {
    if (!DAY.test(s)) return false
    const d = new Date(`${s}T00:00:00Z`)
    return (
      !Number.isNaN(d.getTime()) &&
      d.toISOString().slice(0, 10) === s &&
      s >= '2000-01-01' &&
      s <= '2100-12-31'
    )
  },
  { error: DATE_MESSAGE },
)

/** GET /_api/admin/cash/report: one day (the country's today by default) of one country. */
export const cashReportInput = z.strictObject({
  countryId: id('Le pays est invalide.').optional(),
  date: calendarDay.optional(),
})
export type CashReportInput = z.input<typeof cashReportInput>

export const cashEntryView = z.strictObject({
  id: z.number(),
  type: z.enum(cashEntryTypes),
  driverId: z.number(),
  driverName: z.string(),
  orderId: z.number().nullable(),
  /** collected: a campaign reservation delivered on the eve (decision 0082), instead of an order. */
  reservationId: z.number().nullable(),
  /** What the entry does to the driver's balance. */
  amount: z.number(),
  /** collected: what was due. */
  amountDue: z.number().nullable(),
  /** handover: the balance just before. */
  heldBefore: z.number().nullable(),
  /** handover: handed over less held ("écart"). */
  ecart: z.number().nullable(),
  reason: z.string().nullable(),
  actorName: z.string(),
  createdAt: z.date(),
  /** The time of day in the country's time zone, 'HH:MM'. */
  time: z.string(),
})
export type CashEntryView = z.infer<typeof cashEntryView>

const figures = {
  /** Balance at the start of the day (this country's entries). */
  opening: z.number(),
  /** Confirmed deliveries (collections) of the day. */
  deliveries: z.number(),
  amountDue: z.number(),
  collected: z.number(),
  handedOver: z.number(),
  /** Collected less due, plus handed over less held (docs/rules/money.md#partly-paid). */
  ecart: z.number(),
  /** Of the écart, the collections' part: collected less due. */
  collectionGap: z.number(),
  corrections: z.number(),
  /** Outstanding at the end of the day: opening + collected + corrections − handed over. */
  closing: z.number(),
}
export const cashReportAnswer = z.strictObject({
  country: z.strictObject({ id: z.number(), name: z.string(), timeZone: z.string() }),
  date: z.string(),
  isToday: z.boolean(),
  drivers: z.array(
    z.strictObject({
      driverId: z.number(),
      driverName: z.string(),
      isActive: z.boolean(),
      ...figures,
      /** What the driver holds now, all entries counted. */
      balance: z.number(),
    }),
  ),
  totals: z.strictObject(figures),
  entries: z.array(cashEntryView),
  /** Orders delivered that day with no cash recorded (no driver, or none confirmed). */
  uncollected: z.array(
    z.strictObject({
      orderId: z.number(),
      customerName: z.string(),
      totalAmount: z.number(),
      driverName: z.string().nullable(),
    }),
  ),
  /** docs/rules/money.md#partly-paid: the country's delivered orders that still owe, across days. */
  owed: z.array(
    z.strictObject({
      orderId: z.number(),
      customerName: z.string(),
      totalAmount: z.number(),
      amountPaid: z.number(),
      amountOwed: z.number(),
      driverName: z.string().nullable(),
      /** The day it was delivered, in the country's time zone (YYYY-MM-DD). */
      deliveredOn: z.string().nullable(),
    }),
  ),
  /** docs/rules/pickup.md#the-till: the day's cash taken at each shop's counter (pickup hand-overs). */
  tills: z.array(
    z.strictObject({ shopId: z.number(), shopName: z.string(), pickups: z.number(), amount: z.number() }),
  ),
  /** docs/rules/commerce.md#coupons: the orders delivered that day with a code, and what the codes took off. */
  coupons: z.strictObject({ orders: z.number(), amount: z.number() }),
  /** docs/rules/money.md#payments: the day's mobile money received, per provider, beside the cash. */
  mobileMoney: z.array(
    z.strictObject({
      provider: z.enum(paymentProviders),
      payments: z.number(),
      amount: z.number(),
      /** Of them, the campaigns' deposits and instalments (docs/rules/campaigns-messages.md#money). */
      campaignPayments: z.number(),
      campaignAmount: z.number(),
    }),
  ),
})
export type CashReport = z.infer<typeof cashReportAnswer>

export const cashEntryAnswer = z.strictObject({ entry: cashEntryView, balance: z.number() })

/** POST /_api/admin/orders/collect-rest, POST /_api/delivery/collect-rest: the rest of a partly paid order. */
export const collectRestInput = z.strictObject({
  orderId: id('ID de commande manquant ou invalide.'),
  /** The rest unless said. */
  amount: cashCollected.optional(),
  reason: cashReason.optional(),
})
export type CollectRestInput = z.input<typeof collectRestInput>

/** The driver's own cash, on its dashboard. */
export const driverCashView = z.strictObject({
  balance: z.number(),
  /** What each of its orders in delivery asks to collect (the total, less what was collected already). */
  dues: z.array(z.strictObject({ orderId: z.number(), amountDue: z.number() })),
  /** What was collected for each of its delivered orders listed, net of corrections. */
  collected: z.array(z.strictObject({ orderId: z.number(), amount: z.number() })),
  /** docs/rules/money.md#partly-paid: its delivered orders listed that still owe, and how much. */
  owed: z.array(z.strictObject({ orderId: z.number(), amountOwed: z.number() })),
  /** Its latest entries, newest first. */
  entries: z.array(cashEntryView),
})
export type DriverCashView = z.infer<typeof driverCashView>
