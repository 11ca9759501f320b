import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { editableRoles, picksAnyCountry } from '@/shared/domain/permissions'
import { updateUserInput, type AdminUser, type UpdateUserInput } from '@/shared/schemas/users'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { Dialog } from '@/client/components/ui/dialog'
import { FormField } from '@/client/components/ui/form-field'
import { Input, Select } from '@/client/components/ui/field'
import { useCountries } from '@/client/lib/reference-data'
import { useSession } from '@/client/lib/session'
import { useUpdateUser } from '../api/users-api'
import { RoleOptions } from './role-options'
import { CountryOptions } from '@/client/components/country-options'

/** Edit an account: applied to the list at once, rolled back if the server refuses. */
export function EditUserDialog({
  target,
  onOpenChange,
}: {
  target: AdminUser
  onOpenChange: (open: boolean) => void
}) {
  const { user } = useSession()
  const countries = useCountries()
  const update = useUpdateUser()
  const anyCountry = user ? picksAnyCountry(user.role) : false
  const offered = user ? editableRoles(user, target) : [target.role]
  const form = useForm<UpdateUserInput, unknown, z.output<typeof updateUserInput>>({
    resolver: zodResolver(updateUserInput),
    defaultValues: {
      userId: target.id,
      email: target.email,
      displayName: target.displayName,
      phoneNumber: target.phoneNumber ?? '',
      city: target.city ?? '',
      country: target.country ?? '',
      role: target.role,
    },
  })
  const country = useWatch({ control: form.control, name: 'country' })
  const id = (f: string) => `edit-${f}`

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values)
    onOpenChange(false)
  })

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`Modifier ${target.displayName}`}
      description={target.email}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <FormField form={form} name="displayName" id={id('displayName')} label="Nom complet">
          {(control) => <Input {...control} />}
        </FormField>
        <FormField form={form} name="email" id={id('email')} label="Email">
          {(control) => <Input type="email" {...control} />}
        </FormField>
        <FormField form={form} name="phoneNumber" id={id('phoneNumber')} label="Téléphone">
          {(control) => <Input type="tel" {...control} />}
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            form={form}
            name="country"
            id={id('country')}
            label="Pays"
            // Changing country clears the city.
            options={{ onChange: () => form.setValue('city', '') }}
          >
            {(control) =>
              anyCountry ? (
                // Controlled: the options arrive after the form mounts, and an uncontrolled select
                // would fall back to 'Choisir un pays' while the form still holds the country.
                <Select {...control} value={country ?? ''}>
                  <CountryOptions countries={countries.data} value="name" none="Choisir un pays" />
                  {target.country && !countries.data?.some((c) => c.name === target.country) && (
                    <option value={target.country}>{target.country}</option>
                  )}
                </Select>
              ) : (
                <Input id={id('country')} readOnly disabled value={user?.country ?? ''} />
              )
            }
          </FormField>
          <FormField form={form} name="city" id={id('city')} label="Ville">
            {(control) => <Input {...control} />}
          </FormField>
        </div>
        <FormField form={form} name="role" id={id('role')} label="Rôle">
          {(control) => (
            <Select {...control}>
              <RoleOptions roles={offered} />
            </Select>
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit">Enregistrer</Button>
        </div>
      </form>
    </Dialog>
  )
}
