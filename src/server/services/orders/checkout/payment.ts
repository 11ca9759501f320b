import { sql, type SQL } from 'drizzle-orm'
import type { CreateOrder } from './context'
import type { Delivery } from './checks'
import type { PaymentMethod } from '@/shared/domain/payments'

/*
 * How the order is paid: the one place a checkout chooses and checks a payment method, and the
 * one place its statement writes what that method needs. Today every order is paid in cash to
 * the driver at the door (docs/rules/money.md#drivers-cash): there is nothing to choose and nothing to
 * write at checkout. A method paid before delivery (mobile money) is chosen from the input here,
 * checked against the delivery's country (a refusal is a French 400 on its field, as in
 * checks.ts), and its attempt inserted by `paymentWrites`, in the order's own statement and so
 * in its transaction.
 */

// payments (docs/rules/money.md#payments): cash at the door, or mobile money with the wallet
// chosen. The wallet is checked against the country's by the endpoint
// (services/money/payments/index.ts resolvePaymentChoice, which needs the configured providers) and
// passed in as `resolved`; the order's row stores both (write.ts), the attempt is created right
// after checkout by the client (POST /_api/payments/start).
export type PaymentChoice = { method: PaymentMethod; wallet: string | null }

/** The order's payment method, checked. */
export function choosePayment(
  _input: CreateOrder,
  _delivery: Delivery,
  resolved?: PaymentChoice,
): PaymentChoice {
  return resolved ?? { method: 'cash', wallet: null }
}

/**
 * The CTEs the write's statement adds for the payment, each reading the order from `new_order`
 * and starting with a comma; cash at the door writes none (the driver's cash is recorded at
 * delivery, services/money/cash.ts).
 */
export function paymentWrites(_payment: PaymentChoice): SQL {
  return sql``
}
