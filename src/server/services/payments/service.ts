// The payments' steps (docs/rules/money.md#payments), gathered for their callers: the method chosen,
// an attempt started, confirmed from the provider's status query, bound to its order's total,
// refunded, watched by the worker, reconciled.
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
