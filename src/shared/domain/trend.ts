/** The periods a dashboard's trend offers, in whole UTC days ending today (docs/rules/money.md#reports). */
export const trendPeriods = [7, 30, 90] as const
export type TrendPeriod = (typeof trendPeriods)[number]
