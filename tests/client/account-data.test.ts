// @vitest-environment happy-dom
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { DELIVERY_KEY, OWNER_KEY } from '../../src/client/lib/account-data'
import { addLine } from '../../src/client/lib/cart-actions'
import { clearCart, getCart } from '../../src/client/lib/cart'
import { createQueryClient } from '../../src/client/lib/query-client'
import { sessionKey } from '../../src/client/lib/session'
import { sessionUser } from './network'

afterEach(() => {
  clearCart()
  localStorage.clear()
})

// What the query cache keeps when the account changes (docs/security/sessions-and-devices.md, "A shared device";
// decision 0058): nothing of the account before, the public catalogue's answers.
describe('the query cache when the account changes', () => {
  const countries = ['/_api/countries', {}] as const
  const listing = ['/_api/products', { countryId: 1, categoryId: null }] as const
  const orders = ['/_api/orders', {}] as const
  const dashboard = ['/_api/dashboard/client', {}] as const

  function cacheOf(user: ReturnType<typeof sessionUser> | null) {
    const qc = createQueryClient()
    qc.setQueryData(sessionKey, user)
    qc.setQueryData(countries, [{ id: 1, name: 'Sénégal' }])
    qc.setQueryData(listing, { pages: [{ products: [], nextCursor: null }], pageParams: [null] })
    qc.setQueryData(orders, { orders: [{ id: 7 }] })
    qc.setQueryData(dashboard, { loyaltyPoints: 30 })
    return qc
  }
  const held = (qc: ReturnType<typeof createQueryClient>) =>
    qc
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey[0])
      .sort()

  it('a visitor who signs in keeps the catalogue’s answers, read as a visitor', () => {
    const qc = cacheOf(null)
    qc.setQueryData(sessionKey, sessionUser('client', { id: 5 }))
    expect(held(qc)).toEqual(['/_api/countries', '/_api/products', 'session'])
  })

  it('another account drops every answer of the one before, and keeps the catalogue’s', () => {
    const qc = cacheOf(sessionUser('client', { id: 5 }))
    qc.setQueryData(sessionKey, sessionUser('client', { id: 6 }))
    expect(held(qc)).toEqual(['/_api/countries', '/_api/products', 'session'])
    expect(qc.getQueryData(orders)).toBeUndefined()
  })

  it('a sign-out drops the account’s answers', () => {
    const qc = cacheOf(sessionUser('client', { id: 5 }))
    qc.setQueryData(sessionKey, null)
    expect(held(qc)).toEqual(['/_api/countries', '/_api/products', 'session'])
  })
})

// A page the server rendered for a visitor holds its session, none, in its data (ssr/entry.tsx):
// no read of the session follows, and yet what the device kept of an account (its session ended
// in the browser, or refused by the server) goes as a read's answer would remove it.
describe('the session a visitor’s page holds', () => {
  it('removes what the device kept of the account before, as the session’s answer would', () => {
    localStorage.setItem(OWNER_KEY, '5')
    localStorage.setItem(DELIVERY_KEY, JSON.stringify({ address: 'Rue 10' }))
    addLine({ id: 1, name: 'Filet de bœuf', imageUrl: null, pricePerUnit: 9000, unitType: 'kg', quantity: 1 })
    expect(getCart()).toHaveLength(1)
    // The server's cache (ssr/entry.tsx keeps nothing: no follower there).
    const server = new QueryClient()
    server.setQueryData(sessionKey, null)
    // As main.tsx reads the page's data.
    hydrate(createQueryClient(), dehydrate(server))
    expect(getCart()).toEqual([])
    expect(localStorage.getItem(OWNER_KEY)).toBeNull()
    expect(localStorage.getItem(DELIVERY_KEY)).toBeNull()
  })
})
