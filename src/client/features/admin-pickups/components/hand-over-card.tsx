import { useState, type FormEvent } from 'react'
import { orderSlotText } from '@/shared/domain/delivery-slots'
import { stillOwed } from '@/shared/domain/payable'
import { PICKUP_CODE_ATTEMPTS } from '@/shared/domain/pickup'
import type { OrderView } from '@/shared/schemas/orders'
import { formatMoney } from '@/shared/format'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { QrCode } from '@/client/components/qr-code'
import { Card, CardContent } from '@/client/components/ui/card'
import { Field, Input } from '@/client/components/ui/field'
import { ApiError } from '@/client/lib/api'
import { staffErrorText } from '@/client/lib/error-text'
import { useCounterPayment, useHandOver, useResetCode } from '../api/use-pickups'

/**
 * One ready pickup order at the counter (docs/rules/pickup.md#hand-over): who collects it, what
 * is owed, the client's 4-digit code and how it paid (cash, or mobile money by QR), then
 * "Remettre la commande". Locked after too many wrong codes: a manager reopens it.
 */
export function HandOverCard({
  order: o,
  canReset,
  onQr,
}: {
  order: OrderView
  canReset: boolean
  onQr: (waiting: boolean) => void
}) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const handOver = useHandOver()
  const reset = useResetCode()
  const counter = useCounterPayment()
  const owed = stillOwed(o)
  const paidOnline = o.paymentStatus === 'paid'
  const [payment, setPayment] = useState<'cash' | 'mobile_money'>(paidOnline ? 'mobile_money' : 'cash')
  const locked = o.pickupCodeAttempts >= PICKUP_CODE_ATTEMPTS
  const slot = orderSlotText(o)
  const url = counter.data?.checkoutUrl

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!/^\d{4}$/.test(code.trim())) return setError('Le code de retrait s’écrit avec 4 chiffres.')
    setError(null)
    handOver.mutate(
      { orderId: o.id, code: code.trim(), payment: paidOnline ? 'mobile_money' : payment },
      {
        onSuccess: () => onQr(false),
        onError: (err) => setError(err instanceof ApiError ? err.message : staffErrorText(err)),
      },
    )
  }

  return (
    <Card data-testid={`pickup-${o.id}`}>
      <CardContent className="space-y-3 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold text-stone-900">Commande n° {o.id}</h2>
          {locked ? (
            <Badge variant="destructive">Bloquée</Badge>
          ) : (
            <Badge variant="secondary">Prête à retirer</Badge>
          )}
        </div>
        <p className="text-sm text-stone-700">
          {o.customerName} ·{' '}
          <a href={`tel:${o.deliveryPhone}`} className="underline">
            {o.deliveryPhone}
          </a>
        </p>
        <p className="text-sm text-stone-700">
          Boutique {o.zoneName}
          {slot && ` · ${slot}`}
        </p>
        <p className="text-sm">
          {owed > 0 ? (
            <>
              À encaisser : <span className="font-semibold">{formatMoney(owed)}</span>
            </>
          ) : (
            <span className="font-semibold text-emerald-800">Déjà payée : rien à encaisser.</span>
          )}
        </p>
        {locked ? (
          <div className="space-y-2 text-sm">
            <p className="text-red-800">
              Trop de codes incorrects : le retrait est bloqué.{' '}
              {canReset ? '' : 'Demandez à un responsable de le débloquer.'}
            </p>
            {canReset && (
              <Button variant="outline" pending={reset.isPending} onClick={() => reset.mutate(o.id)}>
                Débloquer le retrait
              </Button>
            )}
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-3">
            {owed > 0 && (
              <fieldset className="space-y-1 text-sm">
                <legend className="font-medium">Paiement au comptoir</legend>
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`pay-${o.id}`}
                    checked={payment === 'cash'}
                    onChange={() => setPayment('cash')}
                  />
                  Espèces : {formatMoney(owed)} reçus
                </label>
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`pay-${o.id}`}
                    checked={payment === 'mobile_money'}
                    onChange={() => setPayment('mobile_money')}
                  />
                  Mobile money (code QR)
                </label>
              </fieldset>
            )}
            {owed > 0 && payment === 'mobile_money' && (
              <div className="space-y-2 rounded-md border border-stone-200 p-3 text-sm">
                {url ? (
                  <>
                    <p>Le client scanne ce code pour payer {formatMoney(owed)} :</p>
                    <QrCode text={url} label={`Code QR du paiement de la commande ${o.id}`} />
                    <p role="status" className="text-stone-600">
                      En attente du paiement…
                    </p>
                  </>
                ) : (
                  <Button
                    type="button"
                    variant="outline"
                    pending={counter.isPending}
                    onClick={() => counter.mutate(o.id, { onSuccess: () => onQr(true) })}
                  >
                    Afficher le code QR
                  </Button>
                )}
              </div>
            )}
            <Field
              label="Code de retrait du client"
              htmlFor={`code-${o.id}`}
              error={error ?? undefined}
              hint={
                o.pickupCodeAttempts > 0
                  ? `${o.pickupCodeAttempts} code(s) incorrect(s) sur ${PICKUP_CODE_ATTEMPTS} permis.`
                  : 'Les 4 chiffres que le client vous donne.'
              }
            >
              <Input
                id={`code-${o.id}`}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                className="max-w-40 font-mono text-lg tracking-[0.3em]"
              />
            </Field>
            <Button type="submit" pending={handOver.isPending}>
              Remettre la commande
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  )
}
