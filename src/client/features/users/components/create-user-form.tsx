import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { PASSWORD_HINT } from '@/shared/domain/password'
import { toast } from '@/client/lib/toast'
import { canCreateRole, picksAnyCountry } from '@/shared/domain/permissions'
import { roles, type Role } from '@/shared/domain/roles'
import { createUserInput, type CreateUserInput } from '@/shared/schemas/users'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { FormField } from '@/client/components/ui/form-field'
import { Input, Select } from '@/client/components/ui/field'
import { AccountFields } from './account-fields'
import { errorMessage } from '@/client/lib/api'
import { useSession } from '@/client/lib/session'
import { useCreateUser } from '../api/users-api'
import { RoleOptions } from './role-options'

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
      <AccountFields
        form={form}
        idPrefix={idPrefix}
        afterEmail={
          <FormField
            form={form}
            name="password"
            id={id('password')}
            label="Mot de passe"
            hint={PASSWORD_HINT}
          >
            {(control) => <Input type="password" autoComplete="new-password" {...control} />}
          </FormField>
        }
      />
      {kind === 'user' && !fixedRoleOf && (
        <FormField form={form} name="role" id={id('role')} label="Rôle">
          {(control) => (
            <Select {...control}>
              <RoleOptions roles={offered} />
            </Select>
          )}
        </FormField>
      )}
      <Button type="submit" className="w-full" pending={form.formState.isSubmitting}>
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
