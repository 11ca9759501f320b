import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm, useWatch, type Resolver } from 'react-hook-form'
import { campaignCreateInput, type CampaignView } from '@/shared/schemas/campaigns'
import type { z } from '@/shared/schemas/zod'
import { CountryOptions } from '@/client/components/country-options'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Input, Select } from '@/client/components/ui/field'
import { FormField } from '@/client/components/ui/form-field'
import { useSaveCampaign } from '../api/use-campaigns'
import { numeric, optionalNumber, requiredNumber, toLocalInput, withInstants } from '../lib/form-values'
import { PreparationsPicker } from './preparations-picker'

type Form = z.input<typeof campaignCreateInput>
type Out = z.output<typeof campaignCreateInput>

const REQUIRED = ['opensAt', 'closesAt', 'balanceDueAt'] as const
/** The shared schema, given the dates as instants and only the deposit's own amount. */
const resolver: Resolver<Form, unknown, Out> = (values, ctx, opts) => {
  const wire = withInstants(values, REQUIRED, ['refundableUntil'])
  if (wire.depositKind !== 'fixed') wire.depositFixed = null
  return zodResolver(campaignCreateInput)(wire, ctx, opts as never) as never
}

const blank = (): Form => ({
  name: '',
  feastDate: '',
  opensAt: '',
  closesAt: '',
  balanceDueAt: '',
  depositKind: 'percent',
  depositPercent: 30,
  depositFixed: null,
  refundableUntil: '',
  cancellationFee: 0,
  slaughterPrice: null,
  keepingPerNight: null,
  preparations: [],
})
const valuesOf = (c: CampaignView): Form => ({
  name: c.name,
  feastDate: c.feastDate,
  opensAt: toLocalInput(c.opensAt),
  closesAt: toLocalInput(c.closesAt),
  balanceDueAt: toLocalInput(c.balanceDueAt),
  depositKind: c.depositKind,
  depositPercent: c.depositPercent,
  depositFixed: c.depositFixed,
  refundableUntil: toLocalInput(c.refundableUntil),
  cancellationFee: c.cancellationFee,
  slaughterPrice: c.slaughterPrice,
  keepingPerNight: c.keepingPerNight,
  preparations: c.preparations.map((p) => ({ preparationId: p.preparationId, price: p.price })),
})

/**
 * "Nouvelle campagne" / "Modifier la campagne" (docs/rules/campaigns-staff.md#setting-up): its
 * name and dates, the deposit and cancellation rules, the services' prices (empty: not offered).
 * Root chooses the country of a new one; staff create in their own.
 */
export function CampaignDialog({
  open,
  onOpenChange,
  countries,
  campaign,
  onSaved,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  countries: { id: number; name: string }[] | null
  campaign?: CampaignView | null
  onSaved?: (id: number) => void
}) {
  const save = useSaveCampaign()
  const form = useForm<Form, unknown, Out>({ resolver })
  useEffect(() => {
    if (open) form.reset(campaign ? valuesOf(campaign) : blank())
  }, [open, form, campaign])
  const kind = useWatch({ control: form.control, name: 'depositKind' })
  const countryId = useWatch({ control: form.control, name: 'countryId' }) as number | undefined

  const onSubmit = form.handleSubmit(async ({ countryId: country, ...out }) => {
    const fields = {
      ...out,
      opensAt: out.opensAt.toISOString(),
      closesAt: out.closesAt.toISOString(),
      balanceDueAt: out.balanceDueAt.toISOString(),
      refundableUntil: out.refundableUntil?.toISOString() ?? null,
    }
    const { campaign: saved } = await save.mutateAsync(
      campaign ? { campaignId: campaign.id, ...fields } : { countryId: country, ...fields },
    )
    onOpenChange(false)
    onSaved?.(saved.id)
  })
  const f = { form } as const

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={campaign ? `Modifier la campagne ${campaign.name}` : 'Nouvelle campagne'}
      className="sm:max-w-2xl"
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        {countries && !campaign && (
          <FormField {...f} name="countryId" id="campaign-country" label="Pays" options={optionalNumber}>
            {(control) => (
              <Select {...control}>
                <CountryOptions countries={countries} none="Choisissez un pays" />
              </Select>
            )}
          </FormField>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField {...f} name="name" id="campaign-name" label="Nom" hint="Ex. Tabaski 2027">
            {(control) => <Input autoComplete="off" {...control} />}
          </FormField>
          <FormField {...f} name="feastDate" id="campaign-feast" label="Jour de la fête">
            {(control) => <Input type="date" {...control} />}
          </FormField>
          <FormField {...f} name="opensAt" id="campaign-opens" label="Ouverture des commandes">
            {(control) => <Input type="datetime-local" {...control} />}
          </FormField>
          <FormField {...f} name="closesAt" id="campaign-closes" label="Fermeture des commandes">
            {(control) => <Input type="datetime-local" {...control} />}
          </FormField>
          <FormField {...f} name="balanceDueAt" id="campaign-due" label="Solde à payer avant le">
            {(control) => <Input type="datetime-local" {...control} />}
          </FormField>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-stone-800">Acompte</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField {...f} name="depositKind" id="campaign-deposit-kind" label="Règle">
              {(control) => (
                <Select {...control}>
                  <option value="percent">Pourcentage du prix</option>
                  <option value="fixed">Montant fixe (F CFA)</option>
                </Select>
              )}
            </FormField>
            {kind === 'fixed' ? (
              <FormField
                {...f}
                name="depositFixed"
                id="campaign-deposit-fixed"
                label="Acompte (F CFA)"
                options={optionalNumber}
              >
                {(control) => <Input {...numeric} {...control} />}
              </FormField>
            ) : (
              <FormField
                {...f}
                name="depositPercent"
                id="campaign-deposit-percent"
                label="Acompte (%)"
                options={requiredNumber}
              >
                {(control) => <Input {...numeric} min={1} max={100} {...control} />}
              </FormField>
            )}
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-stone-800">Annulation</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              {...f}
              name="refundableUntil"
              id="campaign-refundable"
              label="Remboursable jusqu’au"
              hint="Vide : jamais remboursable"
            >
              {(control) => <Input type="datetime-local" {...control} />}
            </FormField>
            <FormField
              {...f}
              name="cancellationFee"
              id="campaign-fee"
              label="Frais d’annulation (F CFA)"
              options={requiredNumber}
            >
              {(control) => <Input {...numeric} {...control} />}
            </FormField>
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-stone-800">Services (vide : non proposé)</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              {...f}
              name="slaughterPrice"
              id="campaign-slaughter"
              label="Abattage (F CFA)"
              options={optionalNumber}
            >
              {(control) => <Input {...numeric} {...control} />}
            </FormField>
            <FormField
              {...f}
              name="keepingPerNight"
              id="campaign-keeping"
              label="Garde, par nuit (F CFA)"
              options={optionalNumber}
            >
              {(control) => <Input {...numeric} {...control} />}
            </FormField>
          </div>
          <PreparationsPicker
            form={form}
            countryId={campaign?.countryId ?? countryId}
            current={campaign?.preparations ?? []}
          />
        </fieldset>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={save.isPending}
          submitLabel={campaign ? 'Enregistrer' : 'Créer la campagne'}
        />
      </form>
    </Dialog>
  )
}
