import { useState, type ReactNode } from 'react'
import { Field, Input, Select } from './ui/field'
import { useSession } from '@/client/lib/session'
import { useAdminCountries } from '@/client/lib/staff-places'
import { CountryOptions } from './country-options'

/**
 * A staff report's country and day (the drivers' cash, the mobile money reconciliation): staff
 * read their own country, root chooses one, starting on its own, else the first by name. The
 * day is the country's, today until one is chosen ('': the server's today).
 */
export function useCountryDay() {
  const { user } = useSession()
  const isRoot = user?.role === 'root'
  const countries = useAdminCountries(isRoot)
  const [chosenCountry, setCountry] = useState<number | null>(null)
  const [date, setDate] = useState('')
  const countryId = isRoot
    ? (chosenCountry ??
      countries.data?.find((c) => c.id === user?.countryId)?.id ??
      countries.data?.[0]?.id ??
      null)
    : undefined
  return {
    isRoot,
    countries: countries.data,
    countryId,
    setCountry,
    date,
    setDate,
    /** The report's input: null while root's country is not known yet. */
    input: isRoot && countryId === null ? null : { countryId: countryId ?? undefined, date },
  }
}

/**
 * The pickers of useCountryDay: the country (root only) and the day, shown as the report read
 * (`reportDate`, the server's today) until one is chosen.
 */
export function CountryDayPicker({
  id,
  state,
  reportDate,
  dayHint,
}: {
  /** The ids' prefix: `${id}-country`, `${id}-date`. */
  id: string
  state: ReturnType<typeof useCountryDay>
  reportDate: string | undefined
  dayHint?: ReactNode
}) {
  return (
    <div className="mb-6 grid gap-3 sm:grid-cols-3">
      {state.isRoot && (
        <Field label="Pays" htmlFor={`${id}-country`}>
          <Select
            id={`${id}-country`}
            value={state.countryId ?? ''}
            onChange={(e) => state.setCountry(e.target.value ? Number(e.target.value) : null)}
          >
            <CountryOptions countries={state.countries} />
          </Select>
        </Field>
      )}
      <Field label="Jour" htmlFor={`${id}-date`} hint={dayHint}>
        <Input
          id={`${id}-date`}
          type="date"
          min="2000-01-01"
          max="2100-12-31"
          value={state.date || reportDate || ''}
          onChange={(e) => state.setDate(e.target.value)}
        />
      </Field>
    </div>
  )
}
