// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { QueryClient } from '@tanstack/react-query'
import { Route, Routes, useParams } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RequireRole } from '../../src/client/app/guards'
import CartPage from '../../src/client/features/checkout/pages/cart-page'
import { addressesKey } from '../../src/client/lib/addresses'
import { CART_KEY, type CartItem } from '../../src/client/lib/cart'
import { productsKey } from '../../src/client/lib/catalogue'
import { clientDashboardKey } from '../../src/client/lib/client-dashboard'
import { sessionKey } from '../../src/client/lib/session'
import { Toasts } from '../../src/client/lib/toast'
import type { PublicProduct } from '../../src/shared/schemas/storefront'
import { fakeNetwork, sessionUser, testQueryClient, withProviders, type Route as FakeRoute } from './network'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

const senegal = { id: 1, name: 'Sénégal', code: 'SN', dialCode: '+221', currency: 'XOF' }
const mali = { id: 2, name: 'Mali', code: 'ML', dialCode: '+223', currency: 'XOF' }
const lines: CartItem[] = [
  {
    id: 11,
    name: 'Filet de bœuf',
    imageUrl: null,
    pricePerUnit: 5000,
    unitType: 'kg',
    quantity: 1.5,
    minQuantity: 0.5,
    countryName: 'Sénégal',
  },
  {
    id: 12,
    name: 'Poulet bicyclette',
    imageUrl: null,
    pricePerUnit: 3500,
    unitType: 'unit',
    quantity: 2,
    minQuantity: 1,
    countryName: 'Sénégal',
  },
]
const money = (text: string | null) => text?.replace(/\s/g, ' ')

function Confirmation() {
  return <p>Confirmation de la commande {useParams().orderId}</p>
}
const page = (client?: QueryClient) =>
  withProviders(
    <>
      <Toasts />
      <Routes>
        <Route
          path="/cart"
          element={
            // As in the app: the page opens behind the shoppers' guard, once the session is known.
            <RequireRole roles={['client', 'user']}>
              <CartPage />
            </RequireRole>
          }
        />
        <Route path="/order-confirmation/:orderId" element={<Confirmation />} />
      </Routes>
    </>,
    '/cart',
    client,
  )

/** A product of the catalogue as /_api/products answers it. */
const product = (line: CartItem, over: Partial<PublicProduct> = {}): PublicProduct => ({
  id: line.id,
  name: line.name,
  description: null,
  imageUrl: null,
  photo: null,
  pricePerUnit: line.pricePerUnit,
  unitType: line.unitType,
  minQuantity: line.minQuantity ?? 1,
  categoryId: null,
  category: null,
  isActive: true,
  isFeatured: false,
  countryId: 1,
  countryName: 'Sénégal',
  createdAt: new Date(),
  stock: { soldOut: false, left: null },
  origin: null,
  halal: false,
  slaughterDay: null,
  preparations: [],
  ...over,
})

/** A query client as the app's (answers fresh for 60 s), holding /products' first page of Sénégal. */
function afterListing(products: PublicProduct[]) {
  const client = testQueryClient()
  client.setDefaultOptions({ queries: { retry: false, staleTime: 60_000 } })
  client.setQueryData(productsKey({ countryId: 1 }), {
    pages: [{ products, nextCursor: null }],
    pageParams: [null],
  })
  return client
}

function shop(
  createOrder: (body: unknown) => FakeRoute,
  user = sessionUser('client', { customDiscountPercent: 10 }),
) {
  return fakeNetwork({
    'GET /_api/auth/session': { body: { user } },
    'GET /_api/countries': { body: { countries: [senegal, mali] } },
    'GET /_api/cities': {
      body: {
        cities: [
          {
            id: 10,
            name: 'Dakar',
            isActive: true,
            createdAt: new Date(),
            country: senegal,
            deliverable: true,
          },
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
    'GET /_api/dashboard/client': { body: { loyaltyPoints: 0, pointValueInCfa: 1, orders: [] } },
    // No saved address yet: the typed address is asked (docs/rules/people.md#delivery-addresses).
    'GET /_api/account/addresses': { body: { addresses: [], max: 10 } },
    'POST /_api/orders/create': createOrder,
  })
}

async function fillDelivery() {
  const user = userEvent.setup()
  await screen.findByRole('option', { name: 'Dakar' })
  await user.selectOptions(screen.getByLabelText('Ville'), '10')
  await screen.findByRole('option', { name: 'Plateau' })
  await user.selectOptions(screen.getByLabelText('Zone'), '100')
  await user.type(screen.getByLabelText('Adresse de livraison'), 'Rue 10, près de la pharmacie')
  return user
}

describe('CartPage', () => {
  beforeEach(() => localStorage.setItem(CART_KEY, JSON.stringify(lines)))

  it('prices the lines with the client’s discount, offers only its country, and confirms once the delivery is complete', async () => {
    const calls = shop(() => ({ status: 201, body: { order: { id: 42 } } }))
    render(page())
    expect(money((await screen.findByTestId('discount')).textContent)).toBe('− 1 450 F CFA')
    expect(money(screen.getByTestId('subtotal').textContent)).toBe('14 500 F CFA')
    expect(money(screen.getByTestId('total').textContent)).toBe('13 050 F CFA')

    // Only the client's own country is offered, chosen already.
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Pays'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choisissez un pays', 'Sénégal']),
    )
    expect((screen.getByLabelText('Pays') as HTMLSelectElement).value).toBe('1')
    // The phone comes from the account.
    expect((screen.getByLabelText('Téléphone') as HTMLInputElement).value).toBe('+221 77 000 00 00')

    const confirm = screen.getByRole('button', { name: 'Confirmer la commande' }) as HTMLButtonElement
    expect(confirm.disabled).toBe(true)
    const user = await fillDelivery()
    expect(confirm.disabled).toBe(false)
    await user.click(confirm)

    await screen.findByText('Confirmation de la commande 42')
    const sent = calls.filter((c) => c.method === 'POST')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toEqual({
      items: [
        { productId: 11, quantity: 1.5 },
        { productId: 12, quantity: 2 },
      ],
      deliveryAddress: 'Rue 10, près de la pharmacie',
      deliveryCity: 'Dakar',
      deliveryCountry: 'Sénégal',
      deliveryPhone: '+221 77 000 00 00',
      zoneId: 100,
      pointsToUse: 0,
      // The city has no delivery slots (docs/rules/delivery.md#delivery-slots).
      slot: null,
      // Paid at the door unless the client chose a wallet (docs/rules/money.md#payments).
      paymentMethod: 'cash',
      paymentWallet: null,
      // docs/rules/store-credit.md#spending: the credit is spent first unless the client keeps it.
      useCredit: true,
    })
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
    // The cart is emptied after the order.
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toEqual([])
  })

  it('retries a failed attempt with the same key, and a refused one with a new key', async () => {
    const answers: FakeRoute[] = [
      {
        status: 503,
        body: { error: 'Service momentanément indisponible, réessayez.', code: 'DATABASE_UNAVAILABLE' },
      },
      {
        status: 400,
        body: { error: 'Le produit Filet de bœuf n’est plus disponible.', code: 'VALIDATION_ERROR' },
      },
      { status: 201, body: { order: { id: 43 } } },
    ]
    const calls = shop(() => answers.shift()!)
    render(page())
    const user = await fillDelivery()
    const confirm = screen.getByRole('button', { name: 'Confirmer la commande' })

    await user.click(confirm)
    expect(await screen.findByText('Service momentanément indisponible, réessayez.')).toBeTruthy()
    await user.click(confirm)
    expect(await screen.findByText('Le produit Filet de bœuf n’est plus disponible.')).toBeTruthy()
    await user.click(confirm)
    await screen.findByText('Confirmation de la commande 43')

    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers['Idempotency-Key'])
    expect(keys).toHaveLength(3)
    // The lost attempt (503) is retried with its key; after a refusal (4xx) the next is new.
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[1])
    // Nothing was lost while it failed: the cart stayed until the order went through.
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toEqual([])
  })

  it('reads nothing again as it leaves for the confirmation: what the order changed is marked stale', async () => {
    const calls = shop(() => ({ status: 201, body: { order: { id: 44 } } }))
    const client = testQueryClient()
    render(page(client))
    const user = await fillDelivery()
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    await screen.findByText('Confirmation de la commande 44')
    await new Promise((r) => setTimeout(r, 50))
    const posted = calls.findIndex((c) => c.method === 'POST')
    expect(calls.slice(posted + 1).map((c) => `${c.method} ${c.url}`)).toEqual([])
    // The page that shows them next reads them again.
    const marked = (queryKey: readonly unknown[]) =>
      client.getQueryCache().find({ queryKey, exact: false })?.state.isInvalidated
    expect(marked(clientDashboardKey)).toBe(true)
    expect(marked(addressesKey)).toBe(true)
    // No point was spent: the session's balance is as it was.
    expect(marked(sessionKey)).toBe(false)
  })

  it('takes its products from the listing just read, without reading them again', async () => {
    const calls = shop(() => ({ status: 500, body: {} }))
    render(
      page(afterListing([product(lines[0]!, { stock: { soldOut: true, left: 0 } }), product(lines[1]!)])),
    )
    // The listing's stock says the first line sold out meanwhile.
    expect((await screen.findAllByText('« Filet de bœuf » est épuisé.')).length).toBeGreaterThan(0)
    expect(calls.filter((c) => c.url.startsWith('/_api/products'))).toEqual([])
  })

  it('reads its products when the listing in the cache lacks one of them', async () => {
    const calls = shop(() => ({ status: 500, body: {} }))
    render(page(afterListing([product(lines[0]!)])))
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/_api/products')).map((c) => c.url)).toEqual([
        '/_api/products?ids=11%2C12',
      ]),
    )
  })

  it('says the cart is empty, with a way to the products', async () => {
    localStorage.removeItem(CART_KEY)
    shop(() => ({ status: 500, body: {} }))
    render(page())
    expect(await screen.findByText('Votre panier est vide')).toBeTruthy()
    expect(screen.getByRole('link', { name: /Voir les produits/ }).getAttribute('href')).toBe('/products')
  })
})
