// The staff's campaign forms (docs/rules/campaigns-staff.md#setting-up): a date and time is typed in
// the browser's own zone (`datetime-local`), sent as an instant; empty number fields are "none".

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/

/** What a `datetime-local` input shows for an instant, in the browser's zone. */
export function toLocalInput(d: Date | string | null | undefined): string {
  if (!d) return ''
  const x = new Date(d)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${x.getFullYear()}-${pad(x.getMonth() + 1)}-${pad(x.getDate())}T${pad(x.getHours())}:${pad(x.getMinutes())}`
}

/** The instant a `datetime-local` value names (the browser's zone), or the value as typed. */
export const fromLocalInput = (v: unknown): unknown =>
  typeof v === 'string' && LOCAL.test(v) ? new Date(v).toISOString() : v

/** Each named field of `values` from the input's text to an instant; an empty optional one null. */
export function withInstants<T extends Record<string, unknown>>(
  values: T,
  required: readonly string[],
  optional: readonly string[] = [],
): T {
  const out: Record<string, unknown> = { ...values }
  for (const k of required) out[k] = fromLocalInput(out[k])
  for (const k of optional) out[k] = out[k] === '' || out[k] == null ? null : fromLocalInput(out[k])
  return out as T
}

export const optionalNumber = {
  setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)),
}
export const requiredNumber = {
  setValueAs: (v: unknown) => (v === '' || v == null ? Number.NaN : Number(v)),
}
export const numeric = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const
