// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OrderStatusControl } from '../../src/client/features/admin-orders/components/order-status-control'
import OrdersPage from '../../src/client/features/admin-orders/pages/orders-page'
import { DeliveryForm, NO_DELIVERY_CITY } from '../../src/client/features/checkout/components/delivery-form'
import type { DeliveryInfo } from '../../src/client/lib/cart-actions'
import { fakeNetwork, sessionUser, withProviders } from './network'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('OrderStatusControl', () => {
  it('sends the chosen status at once with the status it starts from, locks the control while it is sent, and does not send the current one', async () => {
    let release: () => void = () => undefined
    const sent = fakeNetwork({
      'POST /_api/admin/orders/update-status': (body) => ({
        body: { order: { ...(body as object), id: 7, events: [] } },
      }),
    })
    const slowFetch = globalThis.fetch
    vi.stubGlobal(
      'fetch',
      (...args: Parameters<typeof fetch>) =>
        new Promise<Response>((resolve) => (release = () => resolve(slowFetch(...args)))),
    )
    render(withProviders(<OrderStatusControl orderId={7} status="pending" />))
    const select = screen.getByLabelText('Changer le statut') as HTMLSelectElement

    await userEvent.selectOptions(select, 'in_preparation')
    await waitFor(() => expect(select.disabled).toBe(true))
    expect(screen.getAllByText('Mise à jour...').length).toBeGreaterThan(0)
    release()
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/_api/admin/orders/update-status',
      // The status it saw: the server refuses the change if the order changed meanwhile
      // (docs/rules/orders.md#order-status).
      body: { orderId: 7, status: 'in_preparation', from: 'pending' },
    })
    await waitFor(() => expect(select.disabled).toBe(false))
  })

  it('offers every status with its French label', () => {
    fakeNetwork({})
    render(withProviders(<OrderStatusControl orderId={7} status="delivered" />))
    const labels = Array.from((screen.getByLabelText('Changer le statut') as HTMLSelectElement).options).map(
      (o) => o.text,
    )
    expect(labels).toEqual(['En attente', 'En préparation', 'En livraison', 'Livrée', 'Annulée'])
  })
})

describe('DeliveryForm (the delivery cascade)', () => {
  const countries = [
    {
      id: 1,
      name: 'Sénégal',
      code: 'SN',
      dialCode: '+221',
      currency: 'XOF',
      shopPhone: null,
      shopWhatsapp: null,
      halalStatement: null,
    },
    {
      id: 2,
      name: 'Mali',
      code: 'ML',
      dialCode: '+223',
      currency: 'XOF',
      shopPhone: null,
      shopWhatsapp: null,
      halalStatement: null,
    },
  ]
  const empty: DeliveryInfo = {
    countryId: null,
    cityId: null,
    zoneId: null,
    deliveryAddress: '',
    deliveryPhone: '',
    notes: '',
    landmark: '',
    secondPhone: '',
    latitude: null,
    longitude: null,
    addressId: null,
    saveAddress: false,
    saveLabel: '',
  }

  function Form({ onValue }: { onValue: (v: DeliveryInfo) => void }) {
    const [value, setValue] = useState<DeliveryInfo>(empty)
    return (
      <DeliveryForm
        value={value}
        countries={countries}
        countriesError={false}
        onChange={(next) => {
          setValue(next)
          onValue(next)
        }}
      />
    )
  }

  it('loads a country’s cities, then a city’s zones; a new country resets city and zone', async () => {
    const city = (id: number, name: string, country: { id: number; name: string }, deliverable = true) => ({
      id,
      name,
      isActive: true,
      createdAt: new Date(),
      country,
      deliverable,
    })
    fakeNetwork({
      'GET /_api/cities': {
        body: {
          cities: [
            city(10, 'Dakar', countries[0]!),
            city(11, 'Thiès', countries[0]!),
            city(12, 'Kaolack', countries[0]!, false),
          ],
        },
      },
      'GET /_api/zones/by-city': {
        body: {
          zones: [
            {
              id: 100,
              name: 'Plateau',
              isActive: true,
              cityId: 10,
              city: { name: 'Dakar', country: { name: 'Sénégal' } },
            },
          ],
        },
      },
    })
    let last: DeliveryInfo = empty
    render(withProviders(<Form onValue={(v) => (last = v)} />))
    const zone = screen.getByLabelText('Zone') as HTMLSelectElement
    expect((screen.getByLabelText('Ville') as HTMLSelectElement).disabled).toBe(true)
    expect(zone.disabled).toBe(true)

    await userEvent.selectOptions(screen.getByLabelText('Pays'), '1')
    await screen.findByRole('option', { name: 'Thiès' })
    // Kaolack has no active zone: not offered.
    expect(screen.queryByRole('option', { name: 'Kaolack' })).toBeNull()
    expect(screen.queryByText(NO_DELIVERY_CITY)).toBeNull()
    await userEvent.selectOptions(screen.getByLabelText('Ville'), '10')
    await screen.findByRole('option', { name: 'Plateau' })
    await userEvent.selectOptions(zone, '100')
    expect(last).toMatchObject({ countryId: 1, cityId: 10, zoneId: 100 })

    await userEvent.selectOptions(screen.getByLabelText('Pays'), '2')
    expect(last).toMatchObject({ countryId: 2, cityId: null, zoneId: null })
  })

  it('says so when no city of the country is deliverable, and drops a saved city no longer offered', async () => {
    fakeNetwork({
      'GET /_api/cities': {
        body: {
          cities: [
            {
              id: 12,
              name: 'Kaolack',
              isActive: true,
              createdAt: new Date(),
              country: countries[0]!,
              deliverable: false,
            },
          ],
        },
      },
      'GET /_api/zones/by-city': { body: { zones: [] } },
    })
    let last: DeliveryInfo = empty
    function Saved() {
      const [value, setValue] = useState<DeliveryInfo>({ ...empty, countryId: 1, cityId: 12, zoneId: 100 })
      return (
        <DeliveryForm
          value={value}
          countries={countries}
          countriesError={false}
          onChange={(next) => {
            setValue(next)
            last = next
          }}
        />
      )
    }
    render(withProviders(<Saved />))
    await screen.findByText(NO_DELIVERY_CITY)
    await waitFor(() => expect(last).toMatchObject({ countryId: 1, cityId: null, zoneId: null }))
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('Choisissez une ville')
    expect(screen.queryByRole('option', { name: 'Kaolack' })).toBeNull()
  })
})

describe('the staff orders filters (the same public cities as the checkout)', () => {
  const city = (id: number, name: string, deliverable: boolean) => ({
    id,
    name,
    isActive: true,
    createdAt: new Date(),
    country: { id: 1, name: 'Sénégal' },
    deliverable,
  })

  it('offer every active city of the staff member’s country, deliverable or not', async () => {
    const sent = fakeNetwork({
      'GET /_api/auth/session': { body: { user: sessionUser('super_admin') } },
      'GET /_api/cities': { body: { cities: [city(10, 'Dakar', true), city(12, 'Kaolack', false)] } },
      'GET /_api/admin/orders': { body: { orders: [], total: 0 } },
    })
    render(withProviders(<OrdersPage />))
    // Its own country's, once the session says which (the page is behind the staff guard).
    await waitFor(() => expect(sent.map((c) => c.url)).toContain('/_api/cities?countryId=1'))
    await screen.findByRole('option', { name: 'Kaolack' })
    expect(screen.getByRole('option', { name: 'Dakar' })).toBeTruthy()
  })

  it('offer root every country’s cities, named with their country', async () => {
    const sent = fakeNetwork({
      'GET /_api/auth/session': { body: { user: sessionUser('root', { countryId: null, country: null }) } },
      'GET /_api/cities': { body: { cities: [city(12, 'Kaolack', false)] } },
      'GET /_api/admin/orders': { body: { orders: [], total: 0 } },
    })
    render(withProviders(<OrdersPage />))
    await screen.findByRole('option', { name: 'Kaolack (Sénégal)' })
    expect(sent.map((c) => c.url)).toContain('/_api/cities')
  })
})
