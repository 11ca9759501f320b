import type { ReactNode } from 'react'
import { useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form'
import { FormField } from '@/client/components/ui/form-field'
import { Input, Select } from '@/client/components/ui/field'
import { CountryOptions } from '@/client/components/country-options'
import { picksAnyCountry } from '@/shared/domain/permissions'
import { useCountries } from '@/client/lib/reference-data'
import { useSession } from '@/client/lib/session'

/** The fields every account form holds, as staff fill them in. */
type AccountValues = {
  displayName: string
  email: string
  phoneNumber?: string
  city?: string
  country?: string
}

/**
 * An account's own fields, in the staff's create and edit forms: name, e-mail, `afterEmail` (the
 * password of a new account), phone, then the country and the city side by side. The country is
 * chosen by root and locked to the staff member's own otherwise; choosing another clears the
 * city. `formerCountry`: an account's country no longer in the list stays a choice.
 */
export function AccountFields<T extends AccountValues>({
  form,
  idPrefix,
  afterEmail,
  formerCountry,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and resolver output
  form: UseFormReturn<T, any, any>
  idPrefix: string
  afterEmail?: ReactNode
  formerCountry?: string | null
}) {
  const { user } = useSession()
  const countries = useCountries()
  const anyCountry = user ? picksAnyCountry(user.role) : false
  // The names are this type's own: T extends it, so each is one of T's paths too.
  const field = (name: keyof AccountValues) => name as FieldPath<T>
  const country = useWatch({ control: form.control, name: field('country') }) as string | undefined
  const id = (f: string) => `${idPrefix}-${f}`
  return (
    <>
      <FormField form={form} name={field('displayName')} id={id('displayName')} label="Nom complet">
        {(control) => <Input {...control} />}
      </FormField>
      <FormField form={form} name={field('email')} id={id('email')} label="Email">
        {(control) => <Input type="email" autoComplete="off" {...control} />}
      </FormField>
      {afterEmail}
      <FormField form={form} name={field('phoneNumber')} id={id('phoneNumber')} label="Téléphone">
        {(control) => <Input type="tel" {...control} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          form={form}
          name={field('country')}
          id={id('country')}
          label="Pays"
          error={countries.isError ? 'Failed to fetch countries' : undefined}
          hint={anyCountry ? undefined : 'Votre pays (verrouillé).'}
          // Changing country clears the city.
          options={{ onChange: () => form.setValue(field('city'), '' as never) }}
        >
          {(control) =>
            anyCountry ? (
              // Controlled: the options arrive after the form mounts, and an uncontrolled select
              // would fall back to 'Choisir un pays' while the form still holds the country.
              <Select {...control} value={country ?? ''}>
                <CountryOptions countries={countries.data} value="name" none="Choisir un pays" />
                {formerCountry && !countries.data?.some((c) => c.name === formerCountry) && (
                  <option value={formerCountry}>{formerCountry}</option>
                )}
              </Select>
            ) : (
              <Input id={id('country')} readOnly disabled value={user?.country ?? ''} />
            )
          }
        </FormField>
        <FormField form={form} name={field('city')} id={id('city')} label="Ville">
          {(control) => <Input {...control} />}
        </FormField>
      </div>
    </>
  )
}
