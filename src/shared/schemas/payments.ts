import { paymentStatuses } from '../domain/order-status'
import { attemptStatuses, paymentMethods, paymentProviders, refundStatuses } from '../domain/payments'
import { calendarDay } from './cash'
import { id, oneLine, text } from './common'
import { orderId } from './orders'
import { TOTAL_MESSAGE, answeredTotal } from './weighin'
import { z } from './zod'

// Mobile money (docs/rules/money.md#payments): inputs and answers.

const wallet = text(50)
export const walletsAnswer = z.strictObject({
  wallets: z.array(z.strictObject({ wallet: z.string(), provider: z.enum(paymentProviders) })),
})

/**
 * POST /_api/payments/start: pay an order (the wallet chosen). `accept`: agree to the weighed total
 * in the same step, naming that `total` as read (docs/rules/orders.md#weigh-in: 409 if weighed again since).
 */
export const startPaymentInput = z
  .strictObject({
    orderId: orderId(),
    wallet: wallet.min(1, 'Choisissez un portefeuille mobile money.'),
    accept: z.boolean().optional(),
    total: answeredTotal.optional(),
  })
  .refine((i) => i.accept !== true || i.total !== undefined, { error: TOTAL_MESSAGE, path: ['total'] })
export type StartPaymentInput = z.input<typeof startPaymentInput>
export const orderOnlyInput = z.strictObject({ orderId: orderId() })

export const attemptView = z.strictObject({
  id: z.number(),
  reference: z.string(),
  provider: z.enum(paymentProviders),
  wallet: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  /** What the provider's multiple of 5 took off the total (the shop gives it). */
  rounding: z.number(),
  status: z.enum(attemptStatuses),
  checkoutUrl: z.string().nullable(),
  expiresAt: z.date(),
  refundStatus: z.enum(refundStatuses).nullable(),
  /** What is to be given back: null, the whole amount (when refundStatus is set). */
  refundAmount: z.number().nullable(),
  createdAt: z.date(),
})
export type AttemptView = z.infer<typeof attemptView>
export const attemptAnswer = z.strictObject({ attempt: attemptView })

/** GET /_api/payments/status: the order's payment as the waiting page polls it. */
export const paymentStateAnswer = z.strictObject({
  orderId: z.number(),
  paymentStatus: z.enum(paymentStatuses),
  paymentMethod: z.enum(paymentMethods),
  paymentWallet: z.string().nullable(),
  totalAmount: z.number(),
  /** What the order has received (money on an old attempt, or before it was weighed again). */
  amountPaid: z.number(),
  attempt: attemptView.nullable(),
})

/** POST /_api/payments/method: cash at the door, or mobile money with a wallet. */
export const paymentMethodInput = z.strictObject({
  orderId: orderId(),
  method: z.enum(paymentMethods, { error: 'Mode de paiement invalide.' }),
  wallet: wallet.nullish(),
})

const REASON_MESSAGE = 'Indiquez la raison.'
/** POST /_api/admin/orders/payment-cash: staff switch an unpaid order to cash, with the reason. */
export const paymentCashInput = z.strictObject({
  orderId: orderId(),
  reason: oneLine(
    z.string().trim().min(1, REASON_MESSAGE).max(300, 'La raison ne peut pas dépasser 300 caractères.'),
  ),
})
/** POST /_api/admin/orders/refund-done: staff record a refund made by hand. */
export const refundDoneInput = z.strictObject({ orderId: orderId(), attemptId: id('Paiement invalide.') })

export const paymentEventView = z.strictObject({
  id: z.number(),
  attemptId: z.number().nullable(),
  type: z.string(),
  provider: z.enum(paymentProviders).nullable(),
  providerStatus: z.string().nullable(),
  detail: z.string().nullable(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.date(),
})
export type PaymentEventView = z.infer<typeof paymentEventView>
/** A provider's notification, as received (its body cut for the page; whole in the database). */
export const paymentNotificationView = z.strictObject({
  id: z.number(),
  provider: z.enum(paymentProviders),
  attemptId: z.number().nullable(),
  eventId: z.string().nullable(),
  eventType: z.string().nullable(),
  signature: z.string().nullable(),
  rawBody: z.string(),
  receivedAt: z.date(),
})
export type PaymentNotificationView = z.infer<typeof paymentNotificationView>
/** A provider that refused the shop's key: a configuration fault staff must mend. */
export const providerFaultView = z.strictObject({
  provider: z.enum(paymentProviders),
  countryCode: z.string().nullable(),
  message: z.string(),
  firstAt: z.date(),
  lastAt: z.date(),
})
export const orderPaymentsAnswer = z.strictObject({
  faults: z.array(providerFaultView),
  total: z.number(),
  amountPaid: z.number(),
  attempts: z.array(attemptView),
  events: z.array(paymentEventView),
  notifications: z.array(paymentNotificationView),
})

/** GET /_api/admin/payments/reconciliation: a day of one country's mobile money. */
export const reconciliationQuery = z.strictObject({
  countryId: id('Pays invalide.').optional(),
  date: calendarDay.optional(),
})
/** What a reconciliation line finds (docs/rules/money.md#payments, "Reports"); null: it agrees. */
export const reconciliationIssues = ['amount', 'refund', 'missing', 'owing', 'extra'] as const
export type ReconciliationIssue = (typeof reconciliationIssues)[number]
export const reconciliationAnswer = z.strictObject({
  date: z.string(),
  countryId: z.number(),
  /** The refused keys of the country's providers (CinetPay's contract, its Wave key). */
  faults: z.array(providerFaultView),
  rows: z.array(
    z.strictObject({
      /** The order; null for a campaign's money, whose reservation is then named. */
      orderId: z.number().nullable(),
      /** docs/rules/campaigns-messages.md#money: a deposit or an instalment of this reservation. */
      reservationId: z.number().nullable(),
      campaignName: z.string().nullable(),
      attemptId: z.number().nullable(),
      reference: z.string().nullable(),
      provider: z.enum(paymentProviders).nullable(),
      /** The attempt's state (null: a line for an order alone). */
      status: z.enum(attemptStatuses).nullable(),
      /** What the attempt asked (and, paid, what the provider took). */
      amount: z.number().nullable(),
      /** The order's total, or the reservation's. */
      orderTotal: z.number(),
      /** What the order (or the reservation) has received (mobile money, and cash once delivered). */
      orderPaid: z.number(),
      issue: z.enum(reconciliationIssues).nullable(),
      refundStatus: z.enum(refundStatuses).nullable(),
      /** Null with a refund: the whole attempt; otherwise the excess given back. */
      refundAmount: z.number().nullable(),
    }),
  ),
})
