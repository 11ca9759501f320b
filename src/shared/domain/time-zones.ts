/**
 * The time zones of the shop's countries (docs/rules/delivery.md#time-zones), by ISO code: the clocks
 * delivery slots, "today" and the daily reports are read in. A country created later picks one
 * of these, or any IANA name the runtime knows.
 */
export const timeZoneByCountryCode: Readonly<Record<string, string>> = {
  ML: 'Africa/Bamako',
  SN: 'Africa/Dakar',
  BF: 'Africa/Ouagadougou',
  CI: 'Africa/Abidjan',
  NE: 'Africa/Niamey',
  GN: 'Africa/Conakry',
  BJ: 'Africa/Porto-Novo',
  TG: 'Africa/Lome',
  CM: 'Africa/Douala',
  GA: 'Africa/Libreville',
  CF: 'Africa/Bangui',
  TD: 'Africa/Ndjamena',
  CD: 'Africa/Kinshasa',
  CG: 'Africa/Brazzaville',
  MG: 'Indian/Antananarivo',
  MR: 'Africa/Nouakchott',
  DJ: 'Africa/Djibouti',
  KM: 'Indian/Comoro',
}

/** UTC+0, the zone of a country whose code is not listed above. */
export const DEFAULT_TIME_ZONE = 'Africa/Abidjan'

/** Whether the runtime knows this IANA name (Intl throws a RangeError otherwise). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('fr', { timeZone: name })
    return true
  } catch {
    return false
  }
}
