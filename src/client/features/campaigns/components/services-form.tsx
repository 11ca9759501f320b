import { useState, type FormEvent } from 'react'
import { formatMoney } from '@/shared/format'
import type { MyReservation } from '@/shared/schemas/campaign-client'
import type { CampaignView } from '@/shared/schemas/campaigns'
import { ApiError } from '@/client/lib/api'
import { Button } from '@/client/components/ui/button'
import { Field, FieldGroup, Input, Select, Textarea } from '@/client/components/ui/field'
import { useChoose } from '../api/use-campaigns'
import { slotLabel } from './campaign-services'

type Errors = Partial<Record<string, string>>

/** What the services chosen cost, as the server prices them (docs/rules/campaigns-client.md#choosing-the-services). */
export function servicesPrice(
  c: CampaignView,
  s: { slaughter: boolean; preparationId: number | null; keepingNights: number; slotId: number | null },
) {
  return (
    (s.slaughter ? (c.slaughterPrice ?? 0) : 0) +
    (c.preparations.find((p) => p.preparationId === s.preparationId)?.price ?? 0) +
    s.keepingNights * (c.keepingPerNight ?? 0) +
    (c.slots.find((x) => x.id === s.slotId)?.price ?? 0)
  )
}

/**
 * The services of one's reservation, once its deposit is in: slaughter, cutting, keeping, a slot
 * (its places left), the recipient; the new total shown before saving; the server's refusals under
 * their fields.
 */
export function ServicesForm({
  reservation: r,
  campaign: c,
}: {
  reservation: MyReservation
  campaign: CampaignView
}) {
  const choose = useChoose()
  const [slaughter, setSlaughter] = useState(r.slaughter)
  const [preparationId, setPreparationId] = useState(r.preparationId)
  const [nights, setNights] = useState(String(r.keepingNights))
  const [slotId, setSlotId] = useState(r.slotId)
  const [name, setName] = useState(r.recipientName ?? '')
  const [phone, setPhone] = useState(r.recipientPhone ?? '')
  const [address, setAddress] = useState(r.recipientAddress ?? '')
  const [errors, setErrors] = useState<Errors>({})
  const keepingNights = /^\d{1,2}$/.test(nights.trim()) ? Number(nights) : 0
  const total = r.price + servicesPrice(c, { slaughter, preparationId, keepingNights, slotId })
  const slot = c.slots.find((s) => s.id === slotId)

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!/^\d{1,2}$/.test(nights.trim())) {
      setErrors({ keepingNights: 'Le nombre de nuits de garde doit être un nombre entier.' })
      return
    }
    setErrors({})
    try {
      await choose.mutateAsync({
        reservationId: r.id,
        slaughter,
        preparationId,
        keepingNights,
        slotId,
        recipientName: name,
        recipientPhone: phone,
        recipientAddress: address,
      })
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : undefined
      const first = Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k, v[0]]))
      setErrors(Object.keys(first).length ? first : { form: (err as Error).message })
    }
  }

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate data-testid="services-form">
      {c.slaughterPrice !== null && (
        <FieldGroup legend="Abattage" id="choose-slaughter" error={errors.slaughter}>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" checked={slaughter} onChange={(e) => setSlaughter(e.target.checked)} />
            Faire abattre l’animal ({formatMoney(c.slaughterPrice)})
          </label>
        </FieldGroup>
      )}
      {c.preparations.length > 0 && (
        <Field label="Découpe" htmlFor="choose-preparation" error={errors.preparationId}>
          <Select
            id="choose-preparation"
            value={preparationId ?? ''}
            onChange={(e) => setPreparationId(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">Sans découpe</option>
            {c.preparations.map((p) => (
              <option key={p.preparationId} value={p.preparationId}>
                {p.name} ({formatMoney(p.price)})
              </option>
            ))}
          </Select>
        </Field>
      )}
      {c.keepingPerNight !== null && (
        <Field
          label="Nuits de garde"
          htmlFor="choose-nights"
          hint={`Nous gardons l’animal jusqu’à la fête : ${formatMoney(c.keepingPerNight)} par nuit.`}
          error={errors.keepingNights}
        >
          <Input
            id="choose-nights"
            inputMode="numeric"
            value={nights}
            onChange={(e) => setNights(e.target.value)}
          />
        </Field>
      )}
      <FieldGroup legend="Livraison ou retrait" id="choose-slot" error={errors.slotId}>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="choose-slot" checked={slotId === null} onChange={() => setSlotId(null)} />
          Je choisirai plus tard
        </label>
        {c.slots.map((s) => {
          const full = s.left <= 0 && s.id !== r.slotId
          return (
            <label key={s.id} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="choose-slot"
                value={s.id}
                checked={slotId === s.id}
                disabled={full}
                onChange={() => setSlotId(s.id)}
              />
              {slotLabel(s)} : {full ? 'complet' : `${s.left} place${s.left > 1 ? 's' : ''}`}
            </label>
          )
        })}
      </FieldGroup>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-stone-800">
          Qui reçoit l’animal ? (si ce n’est pas vous)
        </legend>
        <Field label="Nom" htmlFor="choose-name" error={errors.recipientName}>
          <Input
            id="choose-name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label="Téléphone" htmlFor="choose-phone" error={errors.recipientPhone}>
          <Input
            id="choose-phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        </Field>
        <Field
          label="Adresse de livraison"
          htmlFor="choose-address"
          hint={slot?.kind === 'delivery' ? 'Requise pour une livraison.' : undefined}
          error={errors.recipientAddress}
        >
          <Textarea
            id="choose-address"
            rows={2}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
        </Field>
      </fieldset>
      <p className="text-sm" data-testid="choice-total">
        Nouveau total : <strong>{formatMoney(total)}</strong>
        {total !== r.total && ` (au lieu de ${formatMoney(r.total)})`}
      </p>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <Button type="submit" pending={choose.isPending}>
        Enregistrer mes choix
      </Button>
    </form>
  )
}
