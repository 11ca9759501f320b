import { beforeEach, describe, expect, it, vi } from 'vitest'

const store = new Map<string, string>()
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
})
const session = new Map<string, string>()
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => session.get(k) ?? null,
  setItem: (k: string, v: string) => void session.set(k, v),
  removeItem: (k: string) => void session.delete(k),
})
const info = vi.fn()
const success = vi.fn()
const error = vi.fn()
vi.mock('../../src/client/lib/toast', () => ({
  toast: { info: (m: string) => info(m), success: (m: string) => success(m), error: (m: string) => error(m) },
}))

const { CART_KEY, getCart } = await import('../../src/client/lib/cart')
const actions = await import('../../src/client/lib/cart-actions')

const filet = {
  id: 1,
  name: 'Filet',
  imageUrl: null,
  pricePerUnit: 9000,
  unitType: 'kg' as const,
  quantity: 1.5,
  minQuantity: 0.5,
  countryName: 'Sénégal',
}
const poulet = {
  id: 2,
  name: 'Poulet',
  imageUrl: null,
  pricePerUnit: 4500,
  unitType: 'unit' as const,
  quantity: 2,
  minQuantity: 1,
  countryName: 'Sénégal',
}
const user = (role: 'client' | 'admin', country = 'Sénégal') => ({ role, country }) as never

beforeEach(() => {
  store.clear()
  session.clear()
  info.mockClear()
  success.mockClear()
  error.mockClear()
})

describe('the cart (docs/rules/orders.md#cart)', () => {
  it('keeps its lines in local storage under the shopping-cart key', () => {
    actions.addLine(filet)
    expect(JSON.parse(store.get(CART_KEY)!)).toEqual([filet])
    expect(CART_KEY).toContain('shopping-cart')
  })

  it('raises the quantity when the product is added again', () => {
    actions.addLine(filet)
    actions.addLine({ ...filet, quantity: 0.5 })
    expect(getCart()).toEqual([{ ...filet, quantity: 2 }])
  })

  it('removes a line set to 0 or below its minimum, and ignores a quantity off the step', () => {
    actions.addLine(filet)
    actions.addLine(poulet)
    actions.setLineQuantity(1, 1.25)
    expect(getCart()[0]!.quantity).toBe(1.5)
    // The server's step, exactly: what it would refuse is never kept (docs/security/outside-attack.md item 9).
    actions.setLineQuantity(1, 0.5000000001)
    expect(getCart()[0]!.quantity).toBe(1.5)
    actions.setLineQuantity(1, 0.5)
    expect(getCart()[0]!.quantity).toBe(0.5)
    actions.setLineQuantity(1, 0)
    expect(getCart().map((i) => i.id)).toEqual([2])
    actions.setLineQuantity(2, 0.5)
    expect(getCart()).toEqual([])
  })

  it('keeps one line per product and preparation; picking a twin’s preparation merges them (docs/rules/orders.md#preparations)', () => {
    const cut = { preparationId: 7, preparationName: 'Découpé en morceaux', preparationPrice: 300 }
    const minced = { preparationId: 8, preparationName: 'Haché', preparationPrice: 500 }
    actions.addLine({ ...filet, ...cut })
    actions.addLine({ ...filet, ...minced, quantity: 1 })
    actions.addLine({ ...filet, ...cut, quantity: 0.5 })
    expect(getCart().map((i) => [i.preparationName, i.quantity])).toEqual([
      ['Découpé en morceaux', 2],
      ['Haché', 1],
    ])
    actions.setLineQuantity('1:8', 2)
    expect(getCart()[1]!.quantity).toBe(2)
    actions.setLinePreparation('1:8', { id: 7, name: 'Découpé en morceaux', price: 300, isDefault: false })
    expect(getCart()).toEqual([{ ...filet, ...cut, quantity: 4 }])
    actions.setLinePreparation('1:7', null)
    expect(getCart()).toEqual([
      { ...filet, quantity: 4, preparationId: null, preparationName: null, preparationPrice: 0 },
    ])
    actions.removeLine('1')
    expect(getCart()).toEqual([])
  })

  it('drops the lines of another country with the info toast', () => {
    actions.addLine(filet)
    actions.addLine({ ...poulet, countryName: 'Mali' })
    actions.dropOtherCountries('Sénégal')
    expect(getCart().map((i) => i.id)).toEqual([1])
    expect(info).toHaveBeenCalledWith(
      '1 produit(s) retiré(s) du panier car non disponible(s) dans votre pays',
    )
  })

  it('says why a product cannot be added', () => {
    expect(actions.cannotAdd(null, filet)).toBe(
      'Vous devez être connecté pour ajouter des produits au panier',
    )
    expect(actions.cannotAdd(user('client', 'Mali'), filet)).toBe(
      "Ce produit n'est pas disponible dans votre pays (Mali)",
    )
    expect(actions.cannotAdd(user('admin'), filet)).toBe('Accès non autorisé')
    expect(actions.cannotAdd(user('client'), filet)).toBeNull()
  })

  it('clears the cart and the saved delivery info after an order', () => {
    actions.addLine(filet)
    actions.saveDeliveryInfo({
      countryId: 1,
      cityId: 2,
      zoneId: 3,
      deliveryAddress: 'x',
      deliveryPhone: 'y',
      notes: '',
      landmark: '',
      secondPhone: '',
      latitude: null,
      longitude: null,
      addressId: null,
      saveAddress: false,
      saveLabel: '',
    })
    actions.clearCartAfterOrder()
    expect(getCart()).toEqual([])
    expect(store.has(actions.DELIVERY_KEY)).toBe(false)
  })
})

describe('a product asked for while signed out (the walk-through)', () => {
  it('is kept in this tab, then added once a client of its country signs in, with the usual message', () => {
    actions.rememberPendingAdd(filet)
    expect(getCart()).toEqual([])
    actions.settlePendingAdd(user('client'))
    expect(getCart()).toEqual([filet])
    expect(success).toHaveBeenCalledWith('Filet a été ajouté au panier')
    // Once only.
    actions.settlePendingAdd(user('client'))
    expect(getCart()).toEqual([filet])
    expect(session.has(actions.PENDING_ADD_KEY)).toBe(false)
  })

  it('adds to a line already in the cart', () => {
    actions.addLine(filet)
    actions.rememberPendingAdd({ ...filet, quantity: 0.5 })
    actions.settlePendingAdd(user('client'))
    expect(getCart()).toEqual([{ ...filet, quantity: 2 }])
  })

  it('is dropped with the reason for another country or staff', () => {
    actions.rememberPendingAdd(filet)
    actions.settlePendingAdd(user('client', 'Mali'))
    expect(error).toHaveBeenCalledWith("Ce produit n'est pas disponible dans votre pays (Mali)")
    actions.rememberPendingAdd(filet)
    actions.settlePendingAdd(user('admin'))
    expect(error).toHaveBeenCalledWith('Accès non autorisé')
    expect(getCart()).toEqual([])
    expect(success).not.toHaveBeenCalled()
    expect(session.has(actions.PENDING_ADD_KEY)).toBe(false)
  })

  it('is forgotten after half an hour, and ignored when unreadable', () => {
    actions.rememberPendingAdd(filet, Date.now() - 31 * 60_000)
    expect(actions.takePendingAdd()).toBeNull()
    session.set(actions.PENDING_ADD_KEY, '{not json')
    expect(actions.takePendingAdd()).toBeNull()
    session.set(actions.PENDING_ADD_KEY, JSON.stringify({ item: { ...filet, quantity: -1 }, at: Date.now() }))
    expect(actions.takePendingAdd()).toBeNull()
    expect(session.has(actions.PENDING_ADD_KEY)).toBe(false)
  })
})
