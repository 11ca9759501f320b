import { useEffect, useState } from 'react'
import { cashReasonMessage, collectionNeedsReason } from '@/shared/domain/cash'
import { formatMoney } from '@/shared/format'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Field, Input } from '@/client/components/ui/field'
import type { OrderView } from '@/client/lib/order-view'

export type CashConfirmation = { orderId: number; cashCollected: number; cashReason?: string }

const AMOUNT_MESSAGE = 'Le montant encaissé doit être un nombre entier de francs, positif ou nul.'

/**
 * The driver confirms a delivery and says what it collected (docs/rules/money.md#drivers-cash): the
 * amount due is filled in; another amount asks for its reason, as the server does.
 */
export function ConfirmDeliveryDialog({
  order,
  amountDue,
  pending,
  onClose,
  onConfirm,
  rest = false,
}: {
  order: OrderView | null
  /** docs/rules/money.md#partly-paid: the rest of a delivered, partly paid order, not a delivery. */
  rest?: boolean
  amountDue: number
  pending: boolean
  onClose: () => void
  onConfirm: (c: CashConfirmation) => void
}) {
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [submitted, setSubmitted] = useState(false)
  useEffect(() => {
    if (order) {
      setAmount(String(amountDue))
      setReason('')
      setSubmitted(false)
    }
  }, [order, amountDue])

  const value = amount.trim() === '' ? NaN : Number(amount)
  const amountError = Number.isInteger(value) && value >= 0 ? undefined : AMOUNT_MESSAGE
  const differs = !amountError && value !== amountDue
  const reasonError =
    !amountError && collectionNeedsReason(value, amountDue, reason)
      ? cashReasonMessage(formatMoney(amountDue))
      : undefined

  return (
    <Dialog
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={rest ? 'Encaisser le reste ?' : 'Confirmer la livraison ?'}
      description={
        !order
          ? ''
          : rest
            ? `Reste dû par le client pour la commande #${order.id} : ${formatMoney(amountDue)}.`
            : `La commande #${order.id} sera marquée comme livrée. Montant dû : ${formatMoney(amountDue)} ; moins laisse un reste dû par le client.`
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          setSubmitted(true)
          if (!order || amountError || reasonError) return
          onConfirm({
            orderId: order.id,
            cashCollected: value,
            ...(differs ? { cashReason: reason.trim() } : {}),
          })
        }}
      >
        <Field
          label="Montant encaissé (F CFA)"
          htmlFor="cash-collected"
          hint="Le montant dû est proposé : changez-le seulement si le client a payé autre chose."
          error={submitted ? amountError : undefined}
        >
          <Input
            id="cash-collected"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        {differs && (
          <Field
            label="Raison de la différence"
            htmlFor="cash-reason"
            hint={`Différence : ${formatMoney(value - amountDue)}.`}
            error={submitted ? reasonError : undefined}
          >
            <Input
              id="cash-reason"
              maxLength={300}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
        )}
        <FormActions
          onCancel={onClose}
          pending={pending}
          submitLabel={rest ? 'Enregistrer' : 'Oui, confirmer'}
          pendingLabel={rest ? 'Enregistrement…' : 'Confirmation…'}
        />
      </form>
    </Dialog>
  )
}
