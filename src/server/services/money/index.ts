/**
 * Money (docs/rules/money.md): what a client pays, how, and the figures staff read.
 *
 * - Mobile money (`payments/`): an attempt's life, from the wallet chosen to the day's
 *   reconciliation.
 * - Cash (`cash.ts`): what a driver collects at the door, hands over, and what staff correct;
 *   the day's report per driver (`cash-report.ts`). An order delivered short is partly paid and
 *   its rest collected later (`partly-paid.ts`).
 * - Points (`loyalty.ts`): earned and spent with a written movement each time.
 * - Coupons (`coupons.ts`): staff's codes per country and what one is worth to a client.
 * - Figures (`stats.ts`) for every dashboard, and the exports (`reports/`).
 */
export * from './payments'
export * from './cash'
export * from './cash-report'
export * from './partly-paid'
export * from './loyalty'
export * from './stats'
export * from './coupons'
