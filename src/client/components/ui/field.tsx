import {
  createContext,
  useContext,
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react'
import { cn } from './cn'

const control =
  'block w-full rounded-md border border-stone-300 bg-white px-3 text-base text-stone-900 placeholder:text-stone-400 ' +
  'focus:border-brand focus:outline-2 focus:outline-brand/30 disabled:bg-stone-100 disabled:text-stone-500 aria-[invalid=true]:border-red-600'

/** What a Field tells its control: the ids of its hint and error texts, and whether it is in error. */
type FieldLink = { htmlFor: string; describedBy: string | undefined; invalid: boolean }
const FieldContext = createContext<FieldLink | null>(null)

/**
 * The accessibility attributes a control inside a Field gets: `aria-describedby` naming the
 * field's hint and error (a screen reader reads them with the control), `aria-invalid` while
 * the field has an error. Only the control the label points to (its id is the Field's
 * `htmlFor`) is linked; what the control is given itself comes first.
 */
function useFieldLink(
  id: string | undefined,
  props: {
    'aria-describedby'?: string
    'aria-invalid'?: InputHTMLAttributes<HTMLInputElement>['aria-invalid']
  },
) {
  const field = useContext(FieldContext)
  if (!field || !id || field.htmlFor !== id) return {}
  const describedBy = [props['aria-describedby'], field.describedBy].filter(Boolean).join(' ') || undefined
  const invalid = field.invalid || props['aria-invalid'] === true || props['aria-invalid'] === 'true'
  return { 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined }
}

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  const link = useFieldLink(props.id, props)
  return <input className={cn(control, 'h-10', className)} {...props} {...link} />
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const link = useFieldLink(props.id, props)
  return <textarea className={cn(control, 'min-h-24 py-2', className)} {...props} {...link} />
}

/** A native select: light, and the phone's own picker. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  const link = useFieldLink(props.id, props)
  return <select className={cn(control, 'h-10 pr-8', className)} {...props} {...link} />
}

/** The ids of a field's texts, for a control that is not one of the above. */
export const fieldHintId = (htmlFor: string) => `${htmlFor}-hint`
export const fieldErrorId = (htmlFor: string) => `${htmlFor}-error`

/**
 * A label, its control, an optional hint and the field's error message. The control (an Input,
 * Textarea or Select whose id is `htmlFor`) is described by the hint and the error, and marked
 * invalid while there is an error (whatever the control was given: the message is shown).
 */
export function Field({
  label,
  htmlFor,
  error,
  hint,
  children,
  className,
}: {
  label: ReactNode
  htmlFor: string
  error?: string
  hint?: ReactNode
  children: ReactNode
  className?: string
}) {
  const showHint = !!hint && !error
  const describedBy =
    [showHint && fieldHintId(htmlFor), error && fieldErrorId(htmlFor)].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <FieldContext value={{ htmlFor, describedBy, invalid: !!error }}>{children}</FieldContext>
      {showHint && (
        <p id={fieldHintId(htmlFor)} className="text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={fieldErrorId(htmlFor)} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

/** A number field's value for react-hook-form (`setValueAs`): empty reads as undefined. */
export const numberOrUndefined = (v: unknown) => (v === '' || v == null ? undefined : Number(v))
/** The same for an optional value the server stores as null. */
export const numberOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v))
