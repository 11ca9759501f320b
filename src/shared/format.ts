// One formatter for each kind of value (DECISIONS.md "Small things settled").
const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF' })
const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 })
const date = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium' })
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' })

/** 12500 → '12 500 F CFA' */
export const formatMoney = (amount: number) => money.format(amount)

/** 1.5, 'kg' → '1,5 kg'; 2, 'unit' → '2 unités' */
export function formatQuantity(quantity: number, unitType: string): string {
  if (unitType === 'kg') return `${number.format(quantity)} kg`
  return `${number.format(quantity)} ${quantity > 1 ? 'unités' : 'unité'}`
}

export const formatNumber = (n: number) => number.format(n)
export const formatDate = (d: Date | string) => date.format(new Date(d))
export const formatDateTime = (d: Date | string) => dateTime.format(new Date(d))

/** A count capped by the server (DECISIONS.md "API answers"): 10000 → '10 000+'. */
export const formatCount = (n: number, cap = 10_000) => (n >= cap ? `${number.format(cap)}+` : number.format(n))
