import { formatPercent } from '@/shared/format'
import { useState, type FormEvent } from 'react'
import { MAX_WEIGH_TOLERANCE_PERCENT } from '@/shared/domain/weighin'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Field, Input } from '@/client/components/ui/field'
import { Skeleton } from '@/client/components/ui/skeleton'
import { useShopSettings, useUpdateShopSettings } from '../api/settings-api'

function ToleranceForm({ current }: { current: number }) {
  const update = useUpdateShopSettings()
  const [value, setValue] = useState(String(current))
  const [error, setError] = useState<string>()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const n = Number(value.trim())
    if (!/^\d{1,2}$/.test(value.trim()) || n > MAX_WEIGH_TOLERANCE_PERCENT) {
      setError(
        `La tolérance doit être un nombre entier de 0 à ${formatPercent(MAX_WEIGH_TOLERANCE_PERCENT)}.`,
      )
      return
    }
    setError(undefined)
    update.mutate({ weighTolerancePercent: n })
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Réglages de la boutique">
      <Field
        htmlFor="weigh-tolerance"
        label="Tolérance de pesée (%)"
        hint="Écart du total après pesée, par rapport au total commandé, accepté sans demander l’accord du client."
        error={error}
        className="max-w-md flex-1"
      >
        <Input
          id="weigh-tolerance"
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={update.isPending}>
        Enregistrer
      </Button>
    </form>
  )
}

/** Root's settings of the shop (docs/rules/orders.md#weigh-in): the tolerance of the weigh-in. */
export function ShopSettingsCard() {
  const settings = useShopSettings()
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Réglages de la boutique</CardTitle>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <ToleranceForm current={settings.data.weighTolerancePercent} />
        ) : settings.isError ? (
          <p className="text-sm text-red-700">{settings.error.message}</p>
        ) : (
          <Skeleton className="h-16" />
        )}
      </CardContent>
    </Card>
  )
}
