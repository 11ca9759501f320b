import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { editableRoles } from '@/shared/domain/permissions'
import { updateUserInput, type AdminUser, type UpdateUserInput } from '@/shared/schemas/users'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { Dialog } from '@/client/components/ui/dialog'
import { FormField } from '@/client/components/ui/form-field'
import { Select } from '@/client/components/ui/field'
import { AccountFields } from './account-fields'
import { useSession } from '@/client/lib/session'
import { useUpdateUser } from '../api/users-api'
import { RoleOptions } from './role-options'

/** Edit an account: applied to the list at once, rolled back if the server refuses. */
export function EditUserDialog({
  target,
  onOpenChange,
}: {
  target: AdminUser
  onOpenChange: (open: boolean) => void
}) {
  const { user } = useSession()
  const update = useUpdateUser()
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
        <AccountFields form={form} idPrefix="edit" formerCountry={target.country} />
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
