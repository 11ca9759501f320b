import type { ReactNode } from 'react'
import {
  get,
  useFormState,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form'
import { Field, FieldGroup } from './field'

/** What a FormField hands its control: the id its label points to and react-hook-form's registration. */
export type FormControlProps<N extends string> = UseFormRegisterReturn<N> & { id: string }

/**
 * One field of a react-hook-form form: its label, its control, its hint and its error message,
 * with the control's `aria-describedby` and `aria-invalid` set by `Field` (a call site sets
 * neither). The control is drawn by `children`, given the id and the registration to spread:
 *
 *   <FormField form={form} name="email" id="email" label="Email">
 *     {(control) => <Input type="email" autoComplete="email" {...control} />}
 *   </FormField>
 *
 * The error shown is the form's for `name`, else `error` (a message the form does not hold, a
 * list that failed to load say). Kept out of `field.tsx`: a form without react-hook-form (the
 * login, docs/decisions/0028) does not download it.
 */
export function FormField<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  id,
  label,
  hint,
  error,
  options,
  className,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and resolver output
  form: UseFormReturn<T, any, any>
  name: N
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string
  options?: RegisterOptions<T, N>
  className?: string
  children: (control: FormControlProps<N>) => ReactNode
}) {
  const { errors } = useFormState({ control: form.control, name })
  const message = (get(errors, name) as { message?: string } | undefined)?.message
  return (
    <Field label={label} htmlFor={id} error={message || error} hint={hint} className={className}>
      {children({ id, ...form.register(name, options) })}
    </Field>
  )
}

/**
 * A list's controls under one legend (`name` is the list: each line is registered by the call
 * site, `mobileMoneyProviders.0`…), sharing the list's error: every control inside is marked
 * invalid and described by it (`FieldGroup`). The error is the form's for the list itself, or
 * for its lines as a whole (react-hook-form's `root`).
 */
export function FormFieldGroup<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  id,
  legend,
  className,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and resolver output
  form: UseFormReturn<T, any, any>
  name: N
  id: string
  legend: ReactNode
  className?: string
  children: ReactNode
}) {
  const { errors } = useFormState({ control: form.control, name })
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined
  return (
    <FieldGroup legend={legend} id={id} error={error?.message ?? error?.root?.message} className={className}>
      {children}
    </FieldGroup>
  )
}
