import { AlertDialog as A } from 'radix-ui'
import type { ConfirmDialogProps } from './confirm-dialog'
import { Button } from './button'
import { useReturnFocus } from './return-focus'

/** ConfirmDialog's dialog itself (Radix's AlertDialog), in a module of its own: see confirm-dialog.tsx. */
export default function ConfirmDialogRadix({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirmer',
  cancelLabel = 'Annuler',
  destructive,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open)
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <A.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-xl"
        >
          <A.Title className="text-lg font-semibold text-stone-900">{title}</A.Title>
          <A.Description className="mt-2 text-sm text-stone-600">{description}</A.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <A.Cancel asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </A.Cancel>
            <Button
              variant={destructive ? 'destructive' : 'default'}
              disabled={pending}
              onClick={(e) => {
                e.preventDefault()
                onConfirm()
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  )
}
