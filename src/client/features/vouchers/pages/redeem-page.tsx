import { CheckCircle2 } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { normaliseVoucherCode, showVoucherCode } from '@/shared/domain/vouchers'
import { formatMoney } from '@/shared/format'
import { ApiError } from '@/client/lib/api'
import { usePageSearch } from '@/client/lib/page-url'
import { Alert } from '@/client/components/ui/alert'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent } from '@/client/components/ui/card'
import { Field, Input } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { useRedeemVoucher } from '../api/use-vouchers'

/**
 * /bons-cadeaux/utiliser (docs/rules/gift-vouchers.md#using-a-voucher): the code received by SMS
 * (prefilled from the SMS's link, ?code=), then the amount added to one's store credit.
 */
export default function RedeemVoucherPage() {
  const search = usePageSearch()
  const redeem = useRedeemVoucher()
  const [code, setCode] = useState('')
  const [error, setError] = useState<{ field?: string; form?: string }>({})
  const given = search?.get('code') ?? null
  useEffect(() => {
    if (given) setCode(showVoucherCode(normaliseVoucherCode(given).slice(0, 20)))
  }, [given])

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!code.trim()) return setError({ field: 'Saisissez le code du bon cadeau.' })
    setError({})
    try {
      await redeem.mutateAsync(code)
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors?.code?.[0] : undefined
      setError(field ? { field } : { form: (err as Error).message })
    }
  }

  return (
    <div className="mx-auto max-w-lg space-y-4" data-testid="voucher-redeem-page">
      <PageHeader
        title="Utiliser un bon cadeau"
        description="Saisissez le code reçu par SMS : son montant s’ajoute à votre avoir."
      />
      {redeem.data ? (
        <Card data-testid="voucher-redeemed">
          <CardContent className="space-y-2 pt-4">
            <p className="flex items-center gap-2 font-semibold text-green-800">
              <CheckCircle2 className="h-5 w-5" aria-hidden /> {redeem.data.message}
            </p>
            <p className="text-sm text-stone-700">
              Un cadeau de {redeem.data.from || 'un proche'}. Votre avoir est maintenant de{' '}
              {formatMoney(redeem.data.balance)} : il est déduit de vos prochaines commandes.
            </p>
            <Button variant="outline" onClick={() => window.location.assign('/')}>
              Faire mes courses
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="pt-4">
            <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
              <Field
                label="Code du bon cadeau"
                htmlFor="voucher-code"
                hint="12 lettres et chiffres, par exemple ACDE-FGHJ-KMNP."
                error={error.field}
              >
                <Input
                  id="voucher-code"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={40}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </Field>
              {error.form && <Alert>{error.form}</Alert>}
              <Button type="submit" pending={redeem.isPending}>
                Ajouter à mon avoir
              </Button>
            </form>
          </CardContent>
        </Card>
      )}
    </div>
  )
}
