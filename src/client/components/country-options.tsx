import type { ReactNode } from 'react'

type Country = { id: number; name: string }

/**
 * The options of a country select: a first, empty choice when `none` is given ('Tous les pays',
 * 'Choisissez un pays'), then each country, its value its id or (a form that sends the name, as
 * the accounts' do) its name, its text its name or `label`'s.
 */
export function CountryOptions<C extends Country>({
  countries,
  value = 'id',
  none,
  label = (c) => c.name,
}: {
  countries: readonly C[] | undefined
  value?: 'id' | 'name'
  none?: ReactNode
  label?: (country: C) => ReactNode
}) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {countries?.map((c) => (
        <option key={c.id} value={c[value]}>
          {label(c)}
        </option>
      ))}
    </>
  )
}
