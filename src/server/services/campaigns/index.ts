/**
 * Campaigns, the feast days sold ahead (docs/rules/campaigns.md, decision 0066), top to bottom.
 *
 * 1. Staff write a campaign of their country (`admin.ts`): its dates, deposit and cancellation
 *    rules, services and prices, then its animals, shares and slots.
 * 2. The public reads the open campaigns and their animals (`reads.ts`); holds whose 15 minutes
 *    are over are returned first (`releaseExpiredHolds`, `items.ts`; the housekeeping too).
 * 3. A client reserves an animal or a share (`reserve.ts`): one conditional update takes it (a
 *    rush has one winner), held 15 minutes, with a pay link whose token is kept hashed.
 * 4. Anyone with the link pays the deposit, then instalments (`startReservationAttempt` in
 *    services/money/payments/reservations.ts): each a payment attempt as an order's, decided by the
 *    provider's status query, bound to the balance (`receiveOnReservation`): deposit → booked,
 *    balance → paid, anything past the balance flagged to give back.
 * 5. Staff read a campaign whole, edit its shares and slots, give its animals photos (`setup.ts`),
 *    and read its board (`board.ts`): money per state and per wallet, balances due and overdue
 *    (docs/rules/campaigns-staff.md).
 * 6. The client reads its reservations, pays from its account, asks a new pay link (`mine.ts`)
 *    and, once the deposit is in, chooses the services, a slot (a place by one conditional update)
 *    and the recipient (`choose.ts`; docs/rules/campaigns-client.md).
 * 7. On the feast days staff work the reservations (docs/rules/campaigns-operations.md): the list
 *    by slot and tag (`operations.ts`) and its CSV (`operations-csv.ts`), ready then delivered or
 *    collected, cash at the shop, a later due date (`steps.ts`), cancelling (`cancel.ts`).
 */
export * from './items'
export * from './reads'
export * from './reserve'
export * from './admin'
export * from './setup'
export * from './board'
export * from './operations'
export * from './steps'
export * from './cancel'
export * from './operations-csv'
export * from './mine'
export * from './choose'
export * from './links'
export * from './reminders'
export * from './eve'
