import { describe, expect, it } from 'vitest'
import {
  checkAmounts,
  checkDelivery,
  checkLines,
  checkPoints,
  checkSlot,
  checkStock,
} from '../../src/server/services/orders/checkout/checks'
import type { Context, CreateOrder, LineProduct } from '../../src/server/services/orders/checkout/context'
import { HttpError } from '../../src/server/http/errors'
import type { SessionUser } from '../../src/shared/schemas/auth'

/**
 * The checkout's checks (src/server/services/orders/checkout/checks.ts), each a pure function of the
 * input and of what the checkout read: one table each, a case per rule, the status and the field
 * each refusal names.
 */

const user: SessionUser = {
  id: 7,
  email: 'awa@example.sn',
  displayName: 'Awa',
  phoneNumber: null,
  city: 'Dakar',
  country: 'Sénégal',
  countryId: 1,
  role: 'client',
  loyaltyPoints: 50,
  customDiscountPercent: null,
  isActive: true,
}

const product = (over: Partial<LineProduct> = {}): LineProduct => ({
  id: 10,
  name: 'Gigot',
  isActive: true,
  archived: false,
  countryId: 1,
  unitType: 'kg',
  minQuantity: 0.5,
  pricePerUnit: 6000,
  imageUrl: null,
  soldOut: false,
  left: null,
  today: '2026-11-26',
  ...over,
})

const context = (over: Partial<Context> = {}): Context => ({
  existingOrderId: null,
  country: { id: 1, name: 'Sénégal', code: 'SN', isActive: true },
  city: { id: 2, name: 'Dakar', isActive: true },
  zone: {
    id: 3,
    name: 'Plateau',
    isActive: true,
    cityId: 2,
    deliveryFee: 1000,
    minOrderAmount: null,
    freeDeliveryFrom: null,
  },
  shop: null,
  citySlots: 0,
  slot: null,
  products: [product()],
  saved: null,
  addressCount: 0,
  creditBalance: 0,
  ...over,
})

const input = (over: Partial<CreateOrder> = {}): CreateOrder => ({
  items: [{ productId: 10, quantity: 1 }],
  fulfilment: 'delivery',
  useCredit: true,
  deliveryAddress: 'Rue 1',
  deliveryCity: 'Dakar',
  deliveryCountry: 'Sénégal',
  deliveryPhone: '77 123 45 67',
  zoneId: 3,
  deliveryLandmark: null,
  deliverySecondPhone: null,
  deliveryLatitude: null,
  deliveryLongitude: null,
  pointsToUse: 0,
  paymentMethod: 'cash',
  notes: null,
  slot: null,
  ...over,
})

/** What a check threw: status and the fields it names; 'ok' when it passed. */
function outcome(run: () => unknown) {
  try {
    run()
    return 'ok'
  } catch (e) {
    if (!(e instanceof HttpError)) throw e
    return `${e.status} ${Object.keys(e.fieldErrors ?? {}).join(',')}`.trim()
  }
}

describe('checkDelivery', () => {
  const zone = context().zone!
  it.each<[string, SessionUser, Partial<Context>, Partial<CreateOrder>, string]>([
    ['everything in place', user, {}, {}, 'ok'],
    ['a user without a country', { ...user, countryId: null }, {}, {}, '400'],
    ['an unknown country', user, { country: null }, {}, '400 deliveryCountry'],
    [
      'an inactive country',
      user,
      { country: { id: 1, name: 'Sénégal', code: 'SN', isActive: false } },
      {},
      '400 deliveryCountry',
    ],
    [
      "another country than the user's",
      user,
      { country: { id: 4, name: 'Mali', code: 'ML', isActive: true } },
      {},
      '400 deliveryCountry',
    ],
    ['an unknown city', user, { city: null }, {}, '400 deliveryCity'],
    ['an inactive zone', user, { zone: { ...zone, isActive: false } }, {}, '400 zoneId'],
    ["another city's zone", user, { zone: { ...zone, cityId: 99 } }, {}, '400 zoneId'],
    ['a phone that is none', user, {}, { deliveryPhone: '12' }, '400 deliveryPhone'],
  ])('%s', (_, who, ctx, given, expected) => {
    expect(outcome(() => checkDelivery(who, input(given), context(ctx)))).toBe(expected)
  })

  it('gives the phone in its international form', () => {
    expect(checkDelivery(user, input(), context()).phone).toBe('+221 77 123 45 67')
  })
})

describe('checkLines', () => {
  it.each<[string, LineProduct | null, number, string]>([
    ['an orderable product', product(), 1.5, 'ok'],
    ['an unknown product', null, 1, '400 items.0.productId'],
    ['an inactive product', product({ isActive: false }), 1, '400 items.0.productId'],
    ['an archived product', product({ archived: true }), 1, '400 items.0.productId'],
    ["another country's product", product({ countryId: 2 }), 1, '400 items.0.productId'],
    ['a kg quantity off the 0.5 step', product(), 1.25, '400 items.0.quantity'],
    [
      'a piece quantity that is not whole',
      product({ unitType: 'unit', minQuantity: 1 }),
      1.5,
      '400 items.0.quantity',
    ],
    ['less than the minimum', product({ minQuantity: 2 }), 1.5, '400 items.0.quantity'],
    ['a sold-out product', product({ soldOut: true }), 1, '409 items.0.quantity'],
    ['more than is left today', product({ left: 1 }), 1.5, '409 items.0.quantity'],
    ['exactly what is left', product({ left: 1.5 }), 1.5, 'ok'],
  ])('%s', (_, p, quantity, expected) => {
    const ctx = context({ products: p ? [p] : [] })
    expect(outcome(() => checkLines(user, input({ items: [{ productId: 10, quantity }] }), ctx))).toBe(
      expected,
    )
  })
})

describe('checkStock', () => {
  const line = (p: LineProduct, quantity: number) => ({ product: p, quantity })
  it.each<[string, ReturnType<typeof line>[], string]>([
    [
      'lines within what is left',
      [line(product({ left: 3 }), 1), line(product({ id: 11, left: 2 }), 2)],
      'ok',
    ],
    [
      "one product's lines together beyond what is left: the first of them is marked",
      [line(product({ id: 11 }), 1), line(product({ left: 2 }), 1.5), line(product({ left: 2 }), 1)],
      '409 items.1.quantity',
    ],
    ['a product without a daily quantity', [line(product({ left: null }), 200)], 'ok'],
  ])('%s', (_, lines, expected) => {
    expect(outcome(() => checkStock(lines))).toBe(expected)
  })
})

describe('checkSlot', () => {
  const slot = { id: 5, cityId: 2, shopId: null, isActive: true, open: true, capacity: 4, booked: 1 }
  const chosen = { slot: { id: 5, date: '2026-11-27' } }
  it.each<[string, Partial<CreateOrder>, Partial<Context>, string]>([
    ['no slot in a city without slots', {}, {}, 'ok'],
    ['no slot in a city with slots', {}, { citySlots: 2 }, '400 slot'],
    ['an open slot with room', chosen, { citySlots: 2, slot }, 'ok'],
    ['a slot that is none', chosen, { citySlots: 2, slot: null }, '400 slot'],
    ['an inactive slot', chosen, { slot: { ...slot, isActive: false } }, '400 slot'],
    ["another city's slot", chosen, { slot: { ...slot, cityId: 9 } }, '400 slot'],
    ['a closed slot', chosen, { slot: { ...slot, open: false } }, '400 slot'],
    ['a full slot', chosen, { slot: { ...slot, booked: 4 } }, '409'],
  ])('%s', (_, given, ctx, expected) => {
    expect(outcome(() => checkSlot(input(given), context(ctx), 2))).toBe(expected)
  })
})

describe('checkAmounts', () => {
  const zone = context().zone!
  it.each<[string, number, number | null, string]>([
    ['a subtotal under the ceiling, no minimum', 10_000, null, 'ok'],
    ['a subtotal above the ceiling', 100_000_000, null, '400 items'],
    ["a subtotal under the zone's minimum", 9_999, 10_000, '400 items'],
    ["a subtotal at the zone's minimum", 10_000, 10_000, 'ok'],
  ])('%s', (_, subtotal, minOrderAmount, expected) => {
    expect(outcome(() => checkAmounts(subtotal, { ...zone, minOrderAmount }))).toBe(expected)
  })
})

describe('checkPoints', () => {
  it.each<[string, number, number, string]>([
    ['no points', 0, 0, 'ok'],
    ['the whole balance', 50, 50, 'ok'],
    ['more than the balance', 51, 50, '400 pointsToUse'],
  ])('%s', (_, pointsToUse, loyaltyPoints, expected) => {
    expect(outcome(() => checkPoints(pointsToUse, { loyaltyPoints, customDiscountPercent: null }))).toBe(
      expected,
    )
  })
})
