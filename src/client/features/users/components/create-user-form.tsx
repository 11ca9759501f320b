import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { canCreateRole, picksAnyCountry } from '@/shared/domain/permissions'
import { roleLabels, roles, type Role } from '@/shared/domain/roles'
import { createUserInput, type CreateUserInput } from '@/shared/schemas/users'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { Field, Input, Select } from '@/client/components/ui/field'
import { Spinner } from '@/client/components/ui/spinner'
import { errorMessage } from '@/client/lib/api'
import { useCountries } from '@/client/lib/reference-data'
import { useSession } from '@/client/lib/session'
import { useCreateUser } from '../api/users-api'

type CreateKind = 'user' | 'driver' | 'super-admin'
const failure: Record<CreateKind, string> = {
  user: "Échec de la création de l'utilisateur",
  driver: 'Échec de la création du livreur',
  'super-admin': 'Échec de la création du super admin. Veuillez réessayer.',
}
const fixedRole: Partial<Record<CreateKind, Role>> = {
  driver: 'delivery_driver',
  'super-admin': 'super_admin',
}

/**
 * The account-creation form: a role among those the creator may give (not shown when
 * the kind fixes it), the country locked to the creator's own unless root.
 */
export function CreateUserForm({
  kind = 'user',
  defaultRole = 'admin',
  onCreated,
  idPrefix = 'new',
  fixedRoleOf,
}: {
  kind?: CreateKind
  defaultRole?: Role
  /** With kind 'user': the role is this one and no role picker is shown (an admin adding a client). */
  fixedRoleOf?: Role
  onCreated?: () => void
  idPrefix?: string
}) {
  const { user } = useSession()
  const countries = useCountries()
  const create = useCreateUser(kind)
  const anyCountry = user ? picksAnyCountry(user.role) : false
  const offered = roles.filter((r) => user && canCreateRole(user.role, r))
  const form = useForm<CreateUserInput, unknown, z.output<typeof createUserInput>>({
    resolver: zodResolver(createUserInput),
    defaultValues: {
      email: '',
      password: '',
      displayName: '',
      phoneNumber: '',
      city: '',
      country: anyCountry ? '' : (user?.country ?? ''),
      role: fixedRole[kind] ?? fixedRoleOf ?? (offered.includes(defaultRole) ? defaultRole : offered[0]),
    },
  })
  const { errors } = form.formState
  const id = (f: string) => `${idPrefix}-${f}`

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { user: created } = await create.mutateAsync(values)
      toast.success(
        kind === 'super-admin'
          ? 'Super admin créé avec succès !'
          : `L'utilisateur "${created.displayName}" a été créé avec succès.`,
      )
      form.reset({ ...form.getValues(), email: '', password: '', displayName: '', phoneNumber: '', city: '' })
      onCreated?.()
    } catch (e) {
      toast.error(kind === 'super-admin' ? failure[kind] : `${failure[kind]}: ${errorMessage(e)}`)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <Field label="Nom complet" htmlFor={id('displayName')} error={errors.displayName?.message}>
        <Input id={id('displayName')} aria-invalid={!!errors.displayName} {...form.register('displayName')} />
      </Field>
      <Field label="Email" htmlFor={id('email')} error={errors.email?.message}>
        <Input
          id={id('email')}
          type="email"
          autoComplete="off"
          aria-invalid={!!errors.email}
          {...form.register('email')}
        />
      </Field>
      <Field
        label="Mot de passe"
        htmlFor={id('password')}
        error={errors.password?.message}
        hint="Au moins 8 caractères."
      >
        <Input
          id={id('password')}
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          {...form.register('password')}
        />
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
        <Field
          label="Pays"
          htmlFor={id('country')}
          error={errors.country?.message ?? (countries.isError ? 'Failed to fetch countries' : undefined)}
          hint={anyCountry ? undefined : 'Votre pays (verrouillé).'}
        >
          {anyCountry ? (
            <Select id={id('country')} aria-invalid={!!errors.country} {...form.register('country')}>
              <option value="">Choisir un pays</option>
              {countries.data?.map((c) => (
                <option key={c.id} value={c.name}>
                  {c.name}
                </option>
              ))}
            </Select>
          ) : (
            <Input id={id('country')} readOnly disabled value={user?.country ?? ''} />
          )}
        </Field>
        <Field label="Ville" htmlFor={id('city')} error={errors.city?.message}>
          <Input id={id('city')} aria-invalid={!!errors.city} {...form.register('city')} />
        </Field>
      </div>
      {kind === 'user' && !fixedRoleOf && (
        <Field label="Rôle" htmlFor={id('role')} error={errors.role?.message}>
          <Select id={id('role')} aria-invalid={!!errors.role} {...form.register('role')}>
            {offered.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting && <Spinner className="h-4 w-4 text-white" />}
        {form.formState.isSubmitting
          ? 'Création…'
          : {
              user: fixedRoleOf === 'client' ? 'Créer le client' : 'Créer le compte',
              driver: 'Créer le livreur',
              'super-admin': 'Créer le super admin',
            }[kind]}
      </Button>
    </form>
  )
}
