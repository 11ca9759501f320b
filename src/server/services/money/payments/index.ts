/**
 * Mobile money, an attempt's life top to bottom (docs/rules/money.md#payments, decision 0063).
 *
 * 1. The method (`method.ts`): the client picks a wallet of its country at checkout
 *    (`walletsOfCountry`, `resolvePaymentChoice`) or switches to cash later (`setPaymentMethod`).
 * 2. The attempt (`attempts.ts`): `startAttempt` locks the order, closes any open attempt (at the
 *    provider too), asks the provider for a session for what the order still owes, and keeps the
 *    attempt pending. One open attempt per order, held by a unique index.
 * 3. The truth (`confirmation.ts`): a notification (`api/money/payments/notify`, logged once by
 *    `keepNotification`), the waiting page (`pollAttempt`) or the worker each ask the provider's own
 *    status query; `confirmAttempt` and `applyTruth` write only what that query answered.
 * 4. The money bound to the order (`settle.ts`): `receiveOnAttempt` counts what an attempt brought
 *    against the order's total as it is now; `rebindToNewTotal` follows a weigh-in after payment
 *    (the rest owed, or the excess flagged to give back).
 * 5. Refunds (`refunds.ts`): a cancelled paid order is refunded at the provider where it can be,
 *    flagged for staff where it cannot (`recordRefundDone` when done by hand).
 * 6. The watch (`worker.ts`): attempts nobody came back for are asked again, up to 48 hours after
 *    they expired, then never.
 * 6b. A campaign's reservation (`reservations.ts`, decision 0066): the same attempts, each an
 *    instalment of its balance started from the pay link (`startReservationAttempt`), confirmed
 *    by the same status query; `receiveOnReservation` binds what it brought to the balance.
 * 6c. A gift voucher (`../vouchers/`, decision 0078): one attempt started by `buyVoucher`,
 *    confirmed by the same status query; `receiveOnVoucher` makes it paid and sends its code.
 * 7. The day's reconciliation (`reconciliation.ts`): every attempt of a day against what the
 *    provider says; `faults.ts` keeps a provider's refused key for the back-office.
 *
 * `records.ts` holds the rows and locks every step shares; `reads.ts` what the screens read;
 * `connect.ts` the providers (or, outside production, the fakes) the steps talk to.
 */
export * from './records'
export * from './method'
export * from './attempts'
export * from './confirmation'
export * from './settle'
export * from './refunds'
export * from './worker'
export * from './reads'
export * from './reconciliation'
export * from './faults'
export * from './notification-log'
export * from './reservations'
