import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useEffectEvent, type FormEvent, type ReactNode } from 'react'
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'

export type CashDriver = { driverId: number; driverName: string; balance: number }

/**
 * A cash dialog's form (react-hook-form on the call's schema): filled from `initial` each time a
 * driver is chosen; `onSubmit` sends it with `send`, then closes; a refusal leaves it open.
 */
export function useCashForm<I extends FieldValues, O>(
  schema: z.ZodType<O, I>,
  driver: CashDriver | null,
  initial: (driver: CashDriver) => DefaultValues<I>,
  send: (values: O) => Promise<unknown>,
  onClose: () => void,
) {
  const form = useForm<I, unknown, O>({ resolver: zodResolver(schema) })
  // The latest `initial`, read when a driver is chosen (not itself a reason to fill the form again).
  const fill = useEffectEvent((chosen: CashDriver) => form.reset(initial(chosen)))
  useEffect(() => {
    if (driver) fill(driver)
  }, [driver])
  const onSubmit = form.handleSubmit(async (values) => {
    await send(values)
    onClose()
  })
  return { form, onSubmit }
}

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
