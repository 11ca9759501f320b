import { Dialog as D } from 'radix-ui'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from './button'
import { cn } from './cn'
import { useReturnFocus } from './return-focus'

/**
 * A modal dialog (Radix): focus trapped, Escape closes, title read out; once closed, focus goes
 * back to what opened it (its trigger, or the element focused when it opened from state).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  trigger,
  className,
}: {
  open?: boolean
  onOpenChange?: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  trigger?: ReactNode
  className?: string
}) {
  const returnFocus = useReturnFocus(open)
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <D.Trigger asChild>{trigger}</D.Trigger>}
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <D.Content
          // With a trigger Radix gives the focus back to it itself.
          onCloseAutoFocus={trigger ? undefined : returnFocus}
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-xl bg-white p-5 shadow-xl',
            'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl',
            className,
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <D.Title className="text-lg font-semibold text-stone-900">{title}</D.Title>
              {description ? (
                <D.Description className="mt-1 text-sm text-stone-600">{description}</D.Description>
              ) : (
                <D.Description className="sr-only">{title}</D.Description>
              )}
            </div>
            <D.Close className="rounded p-1 text-stone-500 hover:bg-stone-100" aria-label="Fermer">
              <X className="h-5 w-5" aria-hidden />
            </D.Close>
          </div>
          {children}
        </D.Content>
      </D.Portal>
    </D.Root>
  )
}

/**
 * A form dialog's buttons: "Annuler", then the submit button, which says `pendingLabel` and is
 * disabled while the form is being sent (stacked on a phone, the submit button on top).
 */
export function FormActions({
  onCancel,
  pending,
  submitLabel,
  pendingLabel = 'Enregistrement…',
  cancelLabel = 'Annuler',
}: {
  onCancel: () => void
  pending: boolean
  submitLabel: ReactNode
  pendingLabel?: ReactNode
  /** The way out, when "Annuler" would read as the submit's own word (cancelling an order). */
  cancelLabel?: ReactNode
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  )
}
