// One formatter for each kind of value (every amount in fr-FR francs CFA, e.g. 12 500 F CFA), made on first use.
const once = <T>(make: () => T) => {
  let made: T | undefined
  return () => (made ??= make())
}
const intlNumber = once(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 }))
const date = once(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium' }))
const collator = once(() => new Intl.Collator('fr'))
const dateTime = once(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' }))

/**
 * Amounts and quantities are written here rather than by Intl.NumberFormat: a phone's first
 * number formatter costs about 200 ms of a 4× slower CPU (its locale data), on the task that
 * draws the first prices (docs/decisions/0028). The text is Intl's own for fr-FR, character for
 * character (tests/unit/format.test.ts compares them): groups of three digits joined by a
 * narrow no-break space, a decimal comma, halves rounded away from zero on the number's shortest
 * decimal writing, as ICU does.
 */
const GROUP = '\u202f'
function frenchNumber(n: number, maxFraction: number): string {
  const text = String(Math.abs(n))
  // Beyond what a shop counts (exponent notation): Intl's own answer.
  if (!Number.isFinite(n) || text.includes('e')) return intlNumber().format(n)
  const [whole = '0', fraction = ''] = text.split('.')
  let digits = whole + fraction.slice(0, maxFraction).padEnd(maxFraction, '0')
  if ((fraction[maxFraction] ?? '0') >= '5') digits = plusOne(digits)
  const intPart = digits.slice(0, digits.length - maxFraction)
  const fracPart = digits.slice(digits.length - maxFraction).replace(/0+$/, '')
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP)
  const sign = n < 0 || Object.is(n, -0) ? '-' : ''
  return `${sign}${grouped}${fracPart ? `,${fracPart}` : ''}`
}
/** '1299' → '1300': one more on a string of digits, carried as far as it goes. */
function plusOne(digits: string): string {
  const end = digits.length - 1
  if (end < 0) return '1'
  const last = digits[end]!
  return last === '9' ? `${plusOne(digits.slice(0, end))}0` : `${digits.slice(0, end)}${Number(last) + 1}`
}

/** 12500 → '12 500 F CFA' */
export const formatMoney = (amount: number) => `${frenchNumber(amount, 0)}\u00a0F\u202fCFA`

/** 1.5, 'kg' → '1,5 kg'; 2, 'unit' → '2 unités' */
export function formatQuantity(quantity: number, unitType: string): string {
  if (unitType === 'kg') return `${frenchNumber(quantity, 3)} kg`
  return `${frenchNumber(quantity, 3)} ${quantity > 1 ? 'unités' : 'unité'}`
}

export const formatNumber = (n: number) => frenchNumber(n, 3)
/** 12.5 → '12,5 %' (a no-break space before the sign, as French writes it). */
export const formatPercent = (n: number) => `${frenchNumber(n, 3)}\u00a0%`
export const formatDate = (d: Date | string) => date().format(new Date(d))
/**
 * '2026-11-25' → '25/11/2026': a calendar day (a date column), whatever the time zone, without
 * Intl (a phone's first date formatter costs its locale data, docs/decisions/0028).
 */
export const formatDay = (iso: string) => iso.split('-').reverse().join('/')
export const formatDateTime = (d: Date | string) => dateTime().format(new Date(d))

/** A count capped by the server (docs/rules/api.md#answers): 10000 → '10 000+'. */
export const formatCount = (n: number, cap = 10_000) =>
  n >= cap ? `${frenchNumber(cap, 3)}+` : frenchNumber(n, 3)

/** Names in French order ('Bénin' before 'Burkina Faso'), not the database's byte order. */
export const compareFrench = (a: string, b: string) => collator().compare(a, b)
export const sortByName = <T extends { name: string }>(list: readonly T[]): T[] =>
  [...list].sort((a, b) => compareFrench(a.name, b.name))
