import {
  createContext,
  useContext,
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react'
import { Search } from 'lucide-react'
import { cn } from './cn'

/**
 * A control's look. Its height and font size come from `dense` (a row of a table), never from a
 * class given to it: `cn` joins classes, it does not merge them, so an `h-8` beside the `h-10`
 * here would win or lose by the stylesheet's order. Its width is its box's (`w-full`): size the
 * box. Classes of other properties (padding on one side, case) are fine.
 */
const control =
  'block w-full rounded-md border border-stone-300 bg-white px-3 text-stone-900 placeholder:text-stone-400 ' +
  'focus:border-brand focus:outline-2 focus:outline-brand/30 disabled:bg-stone-100 disabled:text-stone-500 aria-[invalid=true]:border-red-600'

/**
 * What a Field tells its control: the ids of its hint and error texts, and whether it is in error.
 * `htmlFor` null is a FieldGroup's: every control inside shares its error.
 */
type FieldLink = { htmlFor: string | null; describedBy: string | undefined; invalid: boolean }
const FieldContext = createContext<FieldLink | null>(null)

/**
 * The accessibility attributes a control inside a Field gets: `aria-describedby` naming the
 * field's hint and error (a screen reader reads them with the control), `aria-invalid` while
 * the field has an error. Only the control the label points to (its id is the Field's
 * `htmlFor`) is linked, or every control of a FieldGroup; what the control is given itself
 * comes first.
 */
function useFieldLink(
  id: string | undefined,
  props: {
    'aria-describedby'?: string
    'aria-invalid'?: InputHTMLAttributes<HTMLInputElement>['aria-invalid']
  },
) {
  const field = useContext(FieldContext)
  if (!field || (field.htmlFor !== null && field.htmlFor !== id)) return {}
  const describedBy = [props['aria-describedby'], field.describedBy].filter(Boolean).join(' ') || undefined
  const invalid = field.invalid || props['aria-invalid'] === true || props['aria-invalid'] === 'true'
  return { 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined }
}

type Dense = { /** A smaller control, for a row of a table or list. */ dense?: boolean }
const heightOf = (dense?: boolean) => (dense ? 'h-8 text-sm' : 'h-10 text-base')

export function Input({ className, dense, ...props }: InputHTMLAttributes<HTMLInputElement> & Dense) {
  const link = useFieldLink(props.id, props)
  return <input className={cn(control, heightOf(dense), className)} {...props} {...link} />
}

/** A search box: the magnifier inside its left edge. `className` sizes and places its box. */
export function SearchInput({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-2.5 left-3 h-5 w-5 text-stone-400" aria-hidden />
      <Input {...props} className="pl-10" />
    </div>
  )
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const link = useFieldLink(props.id, props)
  // As tall as its rows when it has them, else about four lines.
  return (
    <textarea
      className={cn(control, props.rows ? null : 'min-h-24', 'py-2 text-base', className)}
      {...props}
      {...link}
    />
  )
}

/** A native select: light, and the phone's own picker. */
export function Select({ className, dense, ...props }: ComponentProps<'select'> & Dense) {
  const link = useFieldLink(props.id, props)
  return <select className={cn(control, heightOf(dense), 'pr-8', className)} {...props} {...link} />
}

/** A file picker (the browser's own button, styled), linked to its Field as the controls above. */
export function FileInput({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const link = useFieldLink(props.id, props)
  return (
    <input
      type="file"
      className={cn(
        'block w-full text-sm text-stone-700 file:mr-3 file:h-10 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-stone-800',
        className,
      )}
      {...props}
      {...link}
    />
  )
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

/**
 * Several controls under one legend that share one error (a list's lines, each labelled by its
 * own `aria-label`): every Input, Select or Textarea inside is described by the error and marked
 * invalid with it. `id` names the error's text (`fieldErrorId(id)`).
 */
export function FieldGroup({
  legend,
  id,
  error,
  children,
  className,
}: {
  legend: ReactNode
  id: string
  error?: string
  children: ReactNode
  className?: string
}) {
  return (
    <fieldset className={cn('space-y-2', className)}>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <FieldContext
        value={{ htmlFor: null, describedBy: error ? fieldErrorId(id) : undefined, invalid: !!error }}
      >
        {children}
      </FieldContext>
      {error && (
        <p id={fieldErrorId(id)} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** A number field's value for react-hook-form (`setValueAs`): empty reads as undefined. */
export const numberOrUndefined = (v: unknown) => (v === '' || v == null ? undefined : Number(v))
/** The same for an optional value the server stores as null. */
export const numberOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v))
