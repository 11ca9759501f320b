// @vitest-environment happy-dom
import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addLine } from '../../src/client/lib/cart-actions'
import { CART_KEY, clearCart, useCartItems } from '../../src/client/lib/cart'

/**
 * The cart lives on the device: the server draws every page with an empty one. A browser whose
 * cart is empty too takes the server's markup over as it is, drawing nothing a second time (on a
 * phone, every reader of the cart again: the header's badge, each card's button); one whose cart
 * holds lines draws its readers again, with them.
 */
let renders = 0
function CartBadge() {
  const items = useCartItems()
  renders++
  return <span>{items.length}</span>
}

async function hydrate() {
  const box = document.createElement('div')
  box.innerHTML = renderToString(<CartBadge />)
  document.body.append(box)
  renders = 0
  const recoverable = vi.fn()
  await act(async () => {
    hydrateRoot(box, <CartBadge />, { onRecoverableError: recoverable })
  })
  expect(recoverable).not.toHaveBeenCalled()
  return box
}

afterEach(() => {
  clearCart()
  localStorage.clear()
  document.body.innerHTML = ''
})

describe('the cart, hydrated', () => {
  it('draws its readers once when the device’s cart is empty, as on the server', async () => {
    const box = await hydrate()
    expect(renders).toBe(1)
    expect(box.textContent).toBe('0')
  })

  it('draws them once when the stored cart was emptied (an empty list kept)', async () => {
    localStorage.setItem(CART_KEY, '[]')
    await hydrate()
    expect(renders).toBe(1)
  })

  it('draws them again with its lines when the device’s cart holds some', async () => {
    addLine({ id: 1, name: 'Filet de bœuf', imageUrl: null, pricePerUnit: 9000, unitType: 'kg', quantity: 1 })
    const box = await hydrate()
    expect(renders).toBeGreaterThan(1)
    expect(box.textContent).toBe('1')
  })
})
