import { formatMoney } from '@/shared/format'
import { useEffect } from 'react'
import type { PublicCountry } from '@/shared/schemas/auth'
import { Field, Input, Select, Textarea } from '@/client/components/ui/field'
import type { DeliveryInfo } from '@/client/lib/cart-actions'
import { useCities, useZones } from '@/client/lib/reference-data'
import { MapPointField } from '@/client/features/account/components/map-point'
import { CountryOptions } from '@/client/components/country-options'

const toId = (v: string) => (v ? Number(v) : null)
export const NO_DELIVERY_CITY = 'Aucune ville de ce pays n’est desservie pour le moment.'

/**
 * The delivery cascade: choosing a country resets city and zone, choosing a
 * city resets the zone; zones load only once a city is chosen.
 */
export function DeliveryForm({
  value,
  onChange,
  countries,
  countriesError,
  savedPlace = false,
}: {
  value: DeliveryInfo
  onChange: (next: DeliveryInfo) => void
  countries: PublicCountry[] | undefined
  countriesError: boolean
  /**
   * The place comes from a saved address (docs/rules/people.md#delivery-addresses): only the
   * order's phone and notes are asked.
   */
  savedPlace?: boolean
}) {
  const cities = useCities(value.countryId === null ? null : { countryId: value.countryId })
  const zones = useZones(value.cityId)
  // A city none of whose zones is active cannot be delivered to: not offered (docs/rules/delivery.md#places).
  const deliverable = cities.data?.filter((c) => c.deliverable)
  const set = (patch: Partial<DeliveryInfo>) => onChange({ ...value, ...patch })
  // A saved choice that is no longer offered (a country, city or zone deactivated since) is
  // dropped once the lists are known, so the form never holds a choice it does not show.
  const stale =
    (value.countryId !== null && countries && !countries.some((c) => c.id === value.countryId)
      ? { countryId: null, cityId: null, zoneId: null }
      : null) ??
    (value.cityId !== null && deliverable && !deliverable.some((c) => c.id === value.cityId)
      ? { cityId: null, zoneId: null }
      : null) ??
    (value.zoneId !== null && zones.data && !zones.data.some((z) => z.id === value.zoneId)
      ? { zoneId: null }
      : null)
  useEffect(() => {
    if (stale && !savedPlace) onChange({ ...value, ...stale })
  })

  const contact = (
    <>
      <Field label="Téléphone" htmlFor="deliveryPhone">
        <Input
          id="deliveryPhone"
          type="tel"
          autoComplete="tel"
          value={value.deliveryPhone}
          onChange={(e) => set({ deliveryPhone: e.target.value })}
        />
      </Field>
      <Field label="Notes (facultatif)" htmlFor="notes" className="sm:col-span-2">
        <Textarea id="notes" rows={2} value={value.notes} onChange={(e) => set({ notes: e.target.value })} />
      </Field>
    </>
  )
  if (savedPlace) return <div className="grid gap-4 sm:grid-cols-3">{contact}</div>

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field
        label="Pays"
        htmlFor="countryId"
        error={countriesError ? 'Failed to fetch countries' : undefined}
        hint={countries?.length === 1 ? 'Livraison dans votre pays uniquement.' : undefined}
      >
        <Select
          id="countryId"
          value={value.countryId ?? ''}
          onChange={(e) => set({ countryId: toId(e.target.value), cityId: null, zoneId: null })}
        >
          <CountryOptions countries={countries} none={countries ? 'Choisissez un pays' : 'Chargement…'} />
        </Select>
      </Field>
      <Field
        label="Ville"
        htmlFor="cityId"
        error={cities.isError ? cities.error.message : undefined}
        hint={deliverable?.length === 0 ? NO_DELIVERY_CITY : undefined}
      >
        <Select
          id="cityId"
          value={value.cityId ?? ''}
          disabled={value.countryId === null || cities.isPending}
          onChange={(e) => set({ cityId: toId(e.target.value), zoneId: null })}
        >
          <option value="">
            {value.countryId !== null && cities.isPending ? 'Chargement…' : 'Choisissez une ville'}
          </option>
          {deliverable?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Zone" htmlFor="zoneId" error={zones.isError ? zones.error.message : undefined}>
        <Select
          id="zoneId"
          value={value.zoneId ?? ''}
          disabled={value.cityId === null || zones.isPending}
          onChange={(e) => set({ zoneId: toId(e.target.value) })}
        >
          <option value="">
            {value.cityId !== null && zones.isPending ? 'Chargement…' : 'Choisissez une zone'}
          </option>
          {zones.data?.map((z) => (
            <option key={z.id} value={z.id}>
              {z.name}
            </option>
          ))}
        </Select>
      </Field>
      {/* docs/rules/delivery.md#fees-before-the-cart: each zone's fee, before one is chosen. */}
      {zones.data && zones.data.length > 0 && (
        <ul
          data-testid="zone-fees"
          className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600 sm:col-span-3"
        >
          {zones.data.map((z) => (
            <li key={z.id}>
              {z.name} : {z.deliveryFee === 0 ? 'livraison offerte' : formatMoney(z.deliveryFee)}
              {z.deliveryFee > 0 &&
                z.freeDeliveryFrom != null &&
                ` (offerte dès ${formatMoney(z.freeDeliveryFrom)})`}
            </li>
          ))}
        </ul>
      )}
      <Field label="Adresse de livraison" htmlFor="deliveryAddress" className="sm:col-span-3">
        <Input
          id="deliveryAddress"
          autoComplete="street-address"
          placeholder="Quartier, villa, rue s’il y en a une"
          value={value.deliveryAddress}
          onChange={(e) => set({ deliveryAddress: e.target.value })}
        />
      </Field>
      <Field
        label="Repère (facultatif)"
        htmlFor="deliveryLandmark"
        hint="Ex. en face de la pharmacie Keur Massar"
        className="sm:col-span-2"
      >
        <Input
          id="deliveryLandmark"
          value={value.landmark}
          onChange={(e) => set({ landmark: e.target.value })}
        />
      </Field>
      <Field
        label="Autre téléphone (facultatif)"
        htmlFor="deliverySecondPhone"
        hint="Quelqu’un sur place si vous ne répondez pas"
      >
        <Input
          id="deliverySecondPhone"
          type="tel"
          value={value.secondPhone}
          onChange={(e) => set({ secondPhone: e.target.value })}
        />
      </Field>
      <div className="sm:col-span-3">
        <MapPointField
          id="delivery-point"
          value={
            value.latitude != null && value.longitude != null
              ? { latitude: value.latitude, longitude: value.longitude }
              : null
          }
          onChange={(p) => set({ latitude: p?.latitude ?? null, longitude: p?.longitude ?? null })}
        />
      </div>
      {contact}
    </div>
  )
}
