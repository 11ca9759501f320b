import type { FormEvent, ReactNode } from 'react'
import { Dialog, FormActions } from '@/client/components/ui/dialog'

/**
 * A dialog on a driver's cash (a handover, a correction): open while a driver is chosen, its form
 * sent by `onSubmit` (a refusal stays in the dialog, its error toasted by the call), closed by
 * "Annuler" or once sent.
 */
export function CashDialog({
  open,
  onClose,
  title,
  description,
  onSubmit,
  pending,
  submitLabel,
  children,
}: {
  open: boolean
  onClose: () => void
  title: string
  description: string | undefined
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>
  pending: boolean
  submitLabel: string
  children: ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={title} description={description}>
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        {children}
        <FormActions onCancel={onClose} pending={pending} submitLabel={submitLabel} />
      </form>
    </Dialog>
  )
}
