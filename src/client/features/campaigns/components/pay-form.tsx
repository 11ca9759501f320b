import { useState, type FormEvent } from 'react'
import { instalmentRefusal, MIN_INSTALMENT } from '@/shared/domain/campaigns'
import { formatMoney } from '@/shared/format'
import { ApiError } from '@/client/lib/api'
import { Button } from '@/client/components/ui/button'
import { Field, FieldGroup, Input } from '@/client/components/ui/field'
import { Skeleton } from '@/client/components/ui/skeleton'

type Money = { total: number; amountPaid: number; depositAmount: number }

/** What the amount field starts with: the deposit left on the first payment, else all that is left. */
export const firstAmount = (r: Money) => {
  const left = r.total - r.amountPaid
  const depositLeft = r.depositAmount - r.amountPaid
  return depositLeft > 0 ? Math.min(left, Math.max(MIN_INSTALMENT, depositLeft)) : left
}

/**
 * An instalment (docs/rules/campaigns.md#instalments): an amount (the deposit at least on the
 * first payment, 1 000 F at least after it, at most what is left) and a wallet of the campaign's
 * country; the server's refusal shown under its field. `onPay` opens the provider's page.
 */
export function PayForm({
  money,
  wallets,
  walletsLoading,
  onPay,
  pending,
  idPrefix,
}: {
  money: Money
  wallets: readonly { wallet: string }[]
  walletsLoading: boolean
  onPay: (amount: number, wallet: string) => Promise<unknown>
  pending: boolean
  idPrefix: string
}) {
  const [amount, setAmount] = useState(String(firstAmount(money)))
  const [wallet, setWallet] = useState('')
  const [errors, setErrors] = useState<{ amount?: string; wallet?: string; form?: string }>({})
  const left = money.total - money.amountPaid
  const depositLeft = money.depositAmount - money.amountPaid

  async function submit(e: FormEvent) {
    e.preventDefault()
    const value = Number(amount.replace(/[\s\u202f\u00a0]/g, ''))
    const amountError = !Number.isInteger(value)
      ? 'Indiquez un montant en francs entiers.'
      : (instalmentRefusal(money, value) ?? undefined)
    const walletError = wallet ? undefined : 'Choisissez un portefeuille mobile money.'
    setErrors({ amount: amountError, wallet: walletError })
    if (amountError || walletError) return
    try {
      await onPay(value, wallet)
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : undefined
      setErrors({
        amount: fields?.amount?.[0],
        wallet: fields?.wallet?.[0],
        form: fields?.amount || fields?.wallet ? undefined : (err as Error).message,
      })
    }
  }

  const hint =
    depositLeft > 0
      ? `Le premier paiement couvre au moins l’acompte : ${formatMoney(Math.min(left, depositLeft))}. Au plus ${formatMoney(left)}.`
      : `De ${formatMoney(Math.min(left, MIN_INSTALMENT))} à ${formatMoney(left)}.`
  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate data-testid="pay-form">
      <Field label="Montant à payer (F CFA)" htmlFor={`${idPrefix}-amount`} hint={hint} error={errors.amount}>
        <Input
          id={`${idPrefix}-amount`}
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </Field>
      {walletsLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : wallets.length === 0 ? (
        <p className="text-sm text-stone-700">
          Le paiement par mobile money n’est pas proposé dans ce pays pour le moment.
        </p>
      ) : (
        <FieldGroup legend="Portefeuille mobile money" id={`${idPrefix}-wallet`} error={errors.wallet}>
          {wallets.map((w) => (
            <label key={w.wallet} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${idPrefix}-wallet`}
                value={w.wallet}
                checked={wallet === w.wallet}
                onChange={() => setWallet(w.wallet)}
              />
              {w.wallet}
            </label>
          ))}
        </FieldGroup>
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <Button type="submit" pending={pending} disabled={wallets.length === 0}>
        Payer
      </Button>
    </form>
  )
}
