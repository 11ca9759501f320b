// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ProductPage from '../../src/client/features/storefront/pages/product-page'
import { lineTotal, unitPriceWith } from '../../src/shared/domain/pricing'
import { formatMoney } from '../../src/shared/format'
import { fakeNetwork, sessionUser, withProviders } from './network'

/**
 * docs/rules/catalogue.md#product-page and #preparations: the product page's price is the line's,
 * the chosen preparation's price per unit added, by the rule the cart and the server price with.
 */
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const product = {
  id: 12,
  name: 'Gigot de mouton',
  description: null,
  imageUrl: null,
  photo: null,
  pricePerUnit: 6_000,
  unitType: 'kg' as const,
  minQuantity: 1,
  categoryId: null,
  category: null,
  isActive: true,
  isFeatured: false,
  countryId: 1,
  countryName: 'Sénégal',
  createdAt: new Date('2026-11-01T00:00:00Z'),
  stock: { soldOut: false, left: null },
  origin: null,
  halal: false,
  slaughterDay: null,
  preparations: [
    { id: 1, name: 'Entier', price: 0, isDefault: true },
    { id: 2, name: 'Découpé en morceaux', price: 500, isDefault: false },
  ],
}
// formatMoney's spaces are narrow no-break ones: compare with them squashed.
const plain = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()
const money = (n: number) => plain(formatMoney(n))

function renderPage() {
  fakeNetwork({
    'GET /_api/auth/session': { body: { user: sessionUser('client') } },
    'GET /_api/products': { body: { products: [product], nextCursor: null } },
  })
  render(
    withProviders(
      <Routes>
        <Route path="/produits/:product" element={<ProductPage />} />
      </Routes>,
      '/produits/12-gigot-de-mouton',
    ),
  )
}

describe('the product page’s price with a preparation', () => {
  it('adds the chosen preparation’s price per kg to the price and the line total', async () => {
    renderPage()
    const price = await screen.findByTestId('product-price')
    // The default preparation is free: the meat's price alone.
    expect(plain(price.textContent)).toContain(money(6_000))
    expect(plain(screen.getByTestId('line-total').textContent)).toContain(money(6_000))

    await userEvent.selectOptions(screen.getByTestId('preparation-picker'), '2')
    const unit = unitPriceWith(6_000, 500)
    await waitFor(() => expect(plain(screen.getByTestId('product-price').textContent)).toContain(money(unit)))
    expect(plain(screen.getByTestId('preparation-surcharge').textContent)).toBe(
      `dont Découpé en morceaux : +${money(500)}/kg`,
    )
    // The quantity the stepper sets is the line's: 1,5 kg at 6 500 F.
    await userEvent.click(screen.getByLabelText('Augmenter la quantité'))
    await waitFor(() =>
      expect(plain(screen.getByTestId('line-total').textContent)).toContain(money(lineTotal(unit, 1.5))),
    )
    expect(lineTotal(unit, 1.5)).toBe(9_750)

    // Back to the free preparation: the meat's price again.
    await userEvent.selectOptions(screen.getByTestId('preparation-picker'), '1')
    await waitFor(() =>
      expect(plain(screen.getByTestId('product-price').textContent)).toContain(money(6_000)),
    )
    expect(screen.queryByTestId('preparation-surcharge')).toBeNull()
  })
})
