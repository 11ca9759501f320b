// One formatter for each kind of value (every amount in fr-FR francs CFA, e.g. 12 500 F CFA), made on first use:
// a browser's first Intl formatter costs tens of milliseconds, which a page that formats nothing
// yet (the storefront's first render) should not pay while its code loads (docs/decisions/0012).
const once = <T>(make: () => T) => {
  let made: T | undefined
  return () => (made ??= make())
}
const money = once(() => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF' }))
const number = once(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 }))
const date = once(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium' }))
const collator = once(() => new Intl.Collator('fr'))
const dateTime = once(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' }))

/** Makes the number formatters now (a page that will show prices calls it in a task of its own). */
export function prepareNumberFormats() {
  money()
  number()
}

/** 12500 → '12 500 F CFA' */
export const formatMoney = (amount: number) => money().format(amount)

/** 1.5, 'kg' → '1,5 kg'; 2, 'unit' → '2 unités' */
export function formatQuantity(quantity: number, unitType: string): string {
  if (unitType === 'kg') return `${number().format(quantity)} kg`
  return `${number().format(quantity)} ${quantity > 1 ? 'unités' : 'unité'}`
}

export const formatNumber = (n: number) => number().format(n)
/** 12.5 → '12,5 %' (a no-break space before the sign, as French writes it). */
export const formatPercent = (n: number) => `${number().format(n)}\u00a0%`
export const formatDate = (d: Date | string) => date().format(new Date(d))
export const formatDateTime = (d: Date | string) => dateTime().format(new Date(d))

/** A count capped by the server (docs/rules.md#answers): 10000 → '10 000+'. */
export const formatCount = (n: number, cap = 10_000) =>
  n >= cap ? `${number().format(cap)}+` : number().format(n)

/** Names in French order ('Bénin' before 'Burkina Faso'), not the database's byte order. */
const compareFrench = (a: string, b: string) => collator().compare(a, b)
export const sortByName = <T extends { name: string }>(list: readonly T[]): T[] =>
  [...list].sort((a, b) => compareFrench(a.name, b.name))
