import { lazy, Suspense, type ReactNode } from 'react'
import { useOpenedOnce } from '@/client/lib/use-opened-once'

// Radix's AlertDialog is downloaded when a page first asks, not with the page.
const ConfirmDialogRadix = lazy(() => import('./confirm-dialog-radix'))

export type ConfirmDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  destructive?: boolean
  pending?: boolean
  onConfirm: () => void
}

/**
 * Asks before anything irreversible: nothing happens until the person confirms. It opens from
 * state; once closed, focus goes back to the element that opened it. Nothing is drawn, and its
 * code is not fetched, until it first opens; it stays mounted (closed) afterwards.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null
  return (
    <Suspense>
      <ConfirmDialogRadix {...props} />
    </Suspense>
  )
}
