import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { formatMoney } from '@/shared/format'
import { resendVoucherInput, type AdminVoucher, type ResendVoucherInput } from '@/shared/schemas/vouchers'
import type { z } from '@/shared/schemas/zod'
import { Alert } from '@/client/components/ui/alert'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Input } from '@/client/components/ui/field'
import { FormField } from '@/client/components/ui/form-field'
import { ApiError } from '@/client/lib/api'
import { staffErrorText } from '@/client/lib/error-text'
import { useResendVoucher } from '../api/use-admin-vouchers'

/**
 * "Renvoyer le code" (docs/rules/gift-vouchers.md#staff): a paid voucher's code sent again by
 * SMS, a new one, to the recipient's phone (corrected here if the buyer typed it wrong). Said
 * before it is done: the old code stops working, the buyer is told.
 */
export function ResendDialog({ voucher, onClose }: { voucher: AdminVoucher; onClose: () => void }) {
  const resend = useResendVoucher()
  const form = useForm<ResendVoucherInput, unknown, z.output<typeof resendVoucherInput>>({
    resolver: zodResolver(resendVoucherInput),
    defaultValues: { id: voucher.id, recipientPhone: voucher.recipientPhone },
  })
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await resend.mutateAsync(input)
      onClose()
    } catch (e) {
      const phone = e instanceof ApiError ? e.fieldErrors?.recipientPhone?.[0] : undefined
      if (phone) form.setError('recipientPhone', { message: phone })
      else form.setError('root', { message: staffErrorText(e) })
    }
  })
  const refused = form.formState.errors.root?.message
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Renvoyer le code du bon cadeau de ${voucher.recipientName} ?`}
      description={`Bon cadeau de ${formatMoney(voucher.amount)} offert par ${voucher.buyerName}. Un nouveau code part par SMS : l’ancien ne fonctionnera plus, et l’acheteur est prévenu.`}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <FormField
          form={form}
          name="recipientPhone"
          id="voucher-phone"
          label="Téléphone du bénéficiaire"
          hint="Corrigez-le si le numéro saisi à l’achat était faux."
        >
          {(control) => <Input type="tel" inputMode="tel" autoComplete="off" {...control} />}
        </FormField>
        {refused && <Alert title="Code non renvoyé">{refused}</Alert>}
        <FormActions
          onCancel={onClose}
          pending={resend.isPending}
          submitLabel="Envoyer un nouveau code"
          pendingLabel="Envoi…"
        />
      </form>
    </Dialog>
  )
}
