import { CheckCircle2, Gift } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { voucherAmountRefusal, VOUCHER_MESSAGE_MAX } from '@/shared/domain/vouchers'
import { formatMoney } from '@/shared/format'
import { ApiError } from '@/client/lib/api'
import { usePageSearch } from '@/client/lib/page-url'
import { Alert } from '@/client/components/ui/alert'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Field, FieldGroup, Input } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { ErrorState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { Spinner } from '@/client/components/ui/spinner'
import { useBuyVoucher, useVoucher, useWallets } from '../api/use-vouchers'

const AMOUNTS = [10_000, 25_000, 50_000]
type Errors = Partial<
  Record<'amount' | 'recipientName' | 'recipientPhone' | 'message' | 'wallet' | 'form', string>
>

/**
 * /bons-cadeaux (docs/rules/gift-vouchers.md#the-pages): a gift voucher for someone, paid by mobile
 * money; back from the provider's page (?bon=<id>), its state until the provider says paid.
 */
export default function BuyVoucherPage() {
  const search = usePageSearch()
  if (!search) return <Skeleton className="h-96 w-full" />
  const raw = search.get('bon')
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null
  return (
    <div className="mx-auto max-w-lg space-y-4" data-testid="voucher-buy-page">
      <PageHeader
        title="Offrir un bon cadeau"
        description="Un montant à dépenser sur Étal, envoyé par SMS à la personne de votre choix."
      />
      {id !== null ? <VoucherState id={id} /> : <BuyForm />}
    </div>
  )
}

function VoucherState({ id }: { id: number }) {
  const query = useVoucher(id)
  return (
    <QueryState
      query={query}
      loading={<Skeleton className="h-40 w-full" />}
      errorTitle="Bon cadeau introuvable"
      errorMessage={(e) => e.message}
    >
      {({ voucher: v, attempt }) => {
        if (v.status === 'paid' || v.status === 'redeemed')
          return (
            <Card data-testid="voucher-paid">
              <CardContent className="space-y-2 pt-4">
                <p className="flex items-center gap-2 font-semibold text-green-800">
                  <CheckCircle2 className="h-5 w-5" aria-hidden /> Bon cadeau envoyé
                </p>
                <p className="text-sm text-stone-700">
                  Votre bon cadeau de {formatMoney(v.amount)} est payé. {v.recipientName} a reçu son code par
                  SMS au {v.recipientPhone} : il s’ajoute à son avoir dès qu’il le saisit.
                </p>
                <Button variant="outline" onClick={() => window.location.assign('/bons-cadeaux')}>
                  Offrir un autre bon cadeau
                </Button>
              </CardContent>
            </Card>
          )
        if (attempt?.status === 'pending')
          return (
            <p
              role="status"
              className="flex items-center gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900"
            >
              <Spinner size="sm" /> Paiement en cours de vérification auprès de l’opérateur…
            </p>
          )
        return (
          <div className="space-y-3">
            <ErrorState
              title="Paiement non abouti"
              message="Le paiement de ce bon cadeau n’a pas abouti : rien n’a été débité. Vous pouvez réessayer."
            />
            <Button onClick={() => window.location.assign('/bons-cadeaux')}>Réessayer</Button>
          </div>
        )
      }}
    </QueryState>
  )
}

function BuyForm() {
  const wallets = useWallets()
  const buy = useBuyVoucher()
  const [amount, setAmount] = useState('25000')
  const [recipientName, setName] = useState('')
  const [recipientPhone, setPhone] = useState('')
  const [message, setMessage] = useState('')
  const [wallet, setWallet] = useState('')
  const [errors, setErrors] = useState<Errors>({})

  async function submit(e: FormEvent) {
    e.preventDefault()
    const value = Number(amount.replace(/[\s\u202f\u00a0]/g, ''))
    const found: Errors = {
      amount: voucherAmountRefusal(value) ?? undefined,
      recipientName: recipientName.trim()
        ? undefined
        : 'Indiquez le prénom de la personne à qui vous l’offrez.',
      recipientPhone: recipientPhone.trim()
        ? undefined
        : 'Indiquez le numéro de téléphone de la personne à qui vous l’offrez.',
      wallet: wallet ? undefined : 'Choisissez un portefeuille mobile money.',
    }
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    try {
      await buy.mutateAsync({
        amount: value,
        recipientName,
        recipientPhone,
        message: message || null,
        wallet,
      })
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : undefined
      const mine: Errors = {
        amount: fields?.amount?.[0],
        recipientName: fields?.recipientName?.[0],
        recipientPhone: fields?.recipientPhone?.[0],
        message: fields?.message?.[0],
        wallet: fields?.wallet?.[0],
      }
      setErrors({ ...mine, form: Object.values(mine).some(Boolean) ? undefined : (err as Error).message })
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gift className="h-5 w-5" aria-hidden /> Votre bon cadeau
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate data-testid="voucher-form">
          <Field
            label="Montant (F CFA)"
            htmlFor="voucher-amount"
            hint="De 5 000 F à 200 000 F, par centaines de francs."
            error={errors.amount}
          >
            <Input
              id="voucher-amount"
              inputMode="numeric"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            {AMOUNTS.map((a) => (
              <Button key={a} type="button" variant="outline" size="sm" onClick={() => setAmount(String(a))}>
                {formatMoney(a)}
              </Button>
            ))}
          </div>
          <Field label="Prénom de la personne" htmlFor="voucher-name" error={errors.recipientName}>
            <Input
              id="voucher-name"
              autoComplete="off"
              maxLength={40}
              value={recipientName}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Field
            label="Son numéro de téléphone"
            htmlFor="voucher-phone"
            hint="Le code lui est envoyé par SMS."
            error={errors.recipientPhone}
          >
            <Input
              id="voucher-phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={recipientPhone}
              onChange={(e) => setPhone(e.target.value)}
            />
          </Field>
          <Field
            label="Un petit mot (facultatif)"
            htmlFor="voucher-message"
            hint={`${VOUCHER_MESSAGE_MAX} caractères au plus, envoyé avec le code.`}
            error={errors.message}
          >
            <Input
              id="voucher-message"
              autoComplete="off"
              maxLength={VOUCHER_MESSAGE_MAX}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </Field>
          {wallets.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : (wallets.data ?? []).length === 0 ? (
            <p className="text-sm text-stone-700">
              Le paiement par mobile money n’est pas proposé dans votre pays pour le moment.
            </p>
          ) : (
            <FieldGroup legend="Portefeuille mobile money" id="voucher-wallet" error={errors.wallet}>
              {wallets.data!.map((w) => (
                <label key={w.wallet} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="voucher-wallet"
                    value={w.wallet}
                    checked={wallet === w.wallet}
                    onChange={() => setWallet(w.wallet)}
                  />
                  {w.wallet}
                </label>
              ))}
            </FieldGroup>
          )}
          {errors.form && <Alert>{errors.form}</Alert>}
          <Button type="submit" pending={buy.isPending || buy.isSuccess} disabled={!wallets.data?.length}>
            Payer et envoyer le bon cadeau
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
