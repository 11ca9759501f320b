import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { editableRoles, picksAnyCountry } from '@/shared/domain/permissions'
import { roleLabels } from '@/shared/domain/roles'
import { updateUserInput, type AdminUser, type UpdateUserInput } from '@/shared/schemas/users'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { Dialog } from '@/client/components/ui/dialog'
import { Field, Input, Select } from '@/client/components/ui/field'
import { useCountries } from '@/client/lib/reference-data'
import { useSession } from '@/client/lib/session'
import { useUpdateUser } from '../api/users-api'

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
  const { errors } = form.formState
  const country = useWatch({ control: form.control, name: 'country' })
  const id = (f: string) => `edit-${f}`
  const countryField = form.register('country', {
    // Changing country clears the city.
    onChange: () => form.setValue('city', ''),
  })

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
        <Field label="Nom complet" htmlFor={id('displayName')} error={errors.displayName?.message}>
          <Input
            id={id('displayName')}
            aria-invalid={!!errors.displayName}
            {...form.register('displayName')}
          />
        </Field>
        <Field label="Email" htmlFor={id('email')} error={errors.email?.message}>
          <Input id={id('email')} type="email" aria-invalid={!!errors.email} {...form.register('email')} />
        </Field>
        <Field label="Téléphone" htmlFor={id('phoneNumber')} error={errors.phoneNumber?.message}>
          <Input
            id={id('phoneNumber')}
            type="tel"
            aria-invalid={!!errors.phoneNumber}
            {...form.register('phoneNumber')}
          />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Pays" htmlFor={id('country')} error={errors.country?.message}>
            {anyCountry ? (
              // Controlled: the options arrive after the form mounts, and an uncontrolled select
              // would fall back to 'Choisir un pays' while the form still holds the country.
              <Select
                id={id('country')}
                aria-invalid={!!errors.country}
                {...countryField}
                value={country ?? ''}
              >
                <option value="">Choisir un pays</option>
                {countries.data?.map((c) => (
                  <option key={c.id} value={c.name}>
                    {c.name}
                  </option>
                ))}
                {target.country && !countries.data?.some((c) => c.name === target.country) && (
                  <option value={target.country}>{target.country}</option>
                )}
              </Select>
            ) : (
              <Input id={id('country')} readOnly disabled value={user?.country ?? ''} />
            )}
          </Field>
          <Field label="Ville" htmlFor={id('city')} error={errors.city?.message}>
            <Input id={id('city')} aria-invalid={!!errors.city} {...form.register('city')} />
          </Field>
        </div>
        <Field label="Rôle" htmlFor={id('role')} error={errors.role?.message}>
          <Select id={id('role')} {...form.register('role')}>
            {offered.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </Select>
        </Field>
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
