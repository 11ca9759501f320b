import { describe, expect, it } from 'vitest'
import {
  LINES_TO_FIX_MESSAGE,
  minimumReason,
  orderReadiness,
  SLOT_NOT_FOUND_MESSAGE,
  slotReason,
  stockReasons,
  type ReadinessFacts,
  type SlotFacts,
  type StockLine,
} from '../../src/shared/domain/order-readiness'
import {
  SLOT_CLOSED_MESSAGE,
  SLOT_FULL_MESSAGE,
  SLOT_REQUIRED_MESSAGE,
} from '../../src/shared/domain/delivery-slots'
import type { ProductStock } from '../../src/shared/domain/stock'
import { formatMoney } from '../../src/shared/format'
import { cartReadiness, checkoutBlocker } from '../../src/client/features/checkout/lib/checkout-blocker'
import { cartEstimate } from '../../src/client/features/checkout/lib/cart-form'
import { lineIssues } from '../../src/client/features/checkout/lib/stock-issues'
import { slotChoiceOf } from '../../src/client/features/checkout/api/use-slots'
import type { CartItem } from '../../src/client/lib/cart'
import type { PublicProduct } from '../../src/shared/schemas/storefront'
import { checkAmounts, checkSlot, checkStock } from '../../src/server/services/orders/checkout/checks'
import { subtotalOf } from '../../src/server/services/orders/checkout/pricing'
import type { Context, CreateOrder, LineProduct } from '../../src/server/services/orders/checkout/context'
import { HttpError } from '../../src/server/http/errors'

/*
 * The order's readiness (docs/rules/orders.md#order-readiness): one table per rule of the shared
 * function, then the same carts judged by the cart (its blocker and marked lines) and by the
 * server's checkout checks, which must say the same thing.
 */

const minimum = `La commande minimum pour la zone « Plateau » est de ${formatMoney(10_000)}.`
const inStock: ProductStock = { soldOut: false, left: null }
const line = (over: Partial<StockLine> = {}): StockLine => ({
  productId: 10,
  name: 'Gigot',
  unitType: 'kg',
  quantity: 1,
  stock: inStock,
  ...over,
})
const noSlots: SlotFacts = { cityHasSlots: false, chosen: null }
const open = { found: true, open: true, full: false }

describe('stockReasons', () => {
  it.each<[string, StockLine[], string[]]>([
    ['no lines', [], []],
    ['a line in stock', [line()], []],
    ['a product without a daily quantity, any quantity', [line({ quantity: 900 })], []],
    ['exactly what is left', [line({ quantity: 1.5, stock: { soldOut: false, left: 1.5 } })], []],
    ['a sold-out product', [line({ stock: { soldOut: true, left: null } })], ['« Gigot » est épuisé.']],
    [
      'more than is left today',
      [line({ quantity: 2, stock: { soldOut: false, left: 1.5 } })],
      ["Il ne reste que 1,5 kg de « Gigot » aujourd'hui."],
    ],
    [
      'pieces short',
      [line({ name: 'Poulet', unitType: 'unit', quantity: 4, stock: { soldOut: false, left: 3 } })],
      ["Il ne reste que 3 unités de « Poulet » aujourd'hui."],
    ],
    [
      "one product's lines together beyond what is left",
      [
        line({ stock: { soldOut: false, left: 2 } }),
        line({ quantity: 1.5, stock: { soldOut: false, left: 2 } }),
      ],
      ["Il ne reste que 2 kg de « Gigot » aujourd'hui."],
    ],
    [
      'two products at fault, in the order of their lines',
      [
        line({ productId: 11, name: 'Poulet', unitType: 'unit', stock: { soldOut: true, left: 0 } }),
        line({ quantity: 3, stock: { soldOut: false, left: 2 } }),
      ],
      ['« Poulet » est épuisé.', "Il ne reste que 2 kg de « Gigot » aujourd'hui."],
    ],
  ])('%s', (_, lines, messages) => {
    expect(stockReasons(lines).map((r) => r.message)).toEqual(messages)
  })

  it('names the first line of the product, its lines, and what is left', () => {
    const short = { soldOut: false, left: 2 }
    const [reason] = stockReasons([
      line({ productId: 11 }),
      line({ stock: short }),
      line({ quantity: 1.5, stock: short }),
    ])
    expect(reason).toMatchObject({
      rule: 'stock',
      code: 'short',
      status: 409,
      productId: 10,
      lines: [1, 2],
      left: 2,
    })
    expect(stockReasons([line({ stock: { soldOut: true, left: null } })])[0]).toMatchObject({
      code: 'sold_out',
      left: null,
      lines: [0],
    })
  })
})

describe('minimumReason', () => {
  const zone = (minOrderAmount: number | null) => ({ name: 'Plateau', minOrderAmount })
  it.each<[string, number, ReturnType<typeof zone> | null, string | null]>([
    ['no zone chosen yet', 0, null, null],
    ['a zone without a minimum', 0, zone(null), null],
    ['below the minimum', 9_999, zone(10_000), minimum],
    ['at the minimum', 10_000, zone(10_000), null],
    ['above the minimum', 10_001, zone(10_000), null],
    ['a minimum of 0', 0, zone(0), null],
  ])('%s', (_, subtotal, z, message) => {
    expect(minimumReason(subtotal, z)?.message ?? null).toBe(message)
  })

  it('is a 400 of the minimum rule', () => {
    expect(minimumReason(1, zone(2))).toMatchObject({ rule: 'minimum', code: 'below_minimum', status: 400 })
  })
})

describe('slotReason', () => {
  it.each<[string, SlotFacts, string | null, number | null]>([
    ['a city without slots, none chosen', noSlots, null, null],
    ['a city with slots, none chosen', { cityHasSlots: true, chosen: null }, SLOT_REQUIRED_MESSAGE, 400],
    ['an open slot with room', { cityHasSlots: true, chosen: open }, null, null],
    [
      'a slot that is none (or another city’s)',
      { cityHasSlots: true, chosen: { ...open, found: false } },
      SLOT_NOT_FOUND_MESSAGE,
      400,
    ],
    [
      'a closed or past slot',
      { cityHasSlots: true, chosen: { ...open, open: false } },
      SLOT_CLOSED_MESSAGE,
      400,
    ],
    ['a full slot', { cityHasSlots: true, chosen: { ...open, full: true } }, SLOT_FULL_MESSAGE, 409],
    [
      'closed and full: closed first',
      { cityHasSlots: true, chosen: { found: true, open: false, full: true } },
      SLOT_CLOSED_MESSAGE,
      400,
    ],
    [
      'not found whatever else',
      { cityHasSlots: false, chosen: { found: false, open: false, full: true } },
      SLOT_NOT_FOUND_MESSAGE,
      400,
    ],
  ])('%s', (_, facts, message, status) => {
    const reason = slotReason(facts)
    expect(reason?.message ?? null).toBe(message)
    expect(reason?.status ?? null).toBe(status)
  })
})

describe('orderReadiness', () => {
  const ready: ReadinessFacts = {
    subtotal: 20_000,
    zone: { name: 'Plateau', minOrderAmount: 10_000 },
    slot: { cityHasSlots: true, chosen: open },
    lines: [line()],
  }
  it('lets a ready order through', () => expect(orderReadiness(ready).reasons).toEqual([]))

  it('gives every reason, stock first, then the minimum, then the slot', () => {
    const r = orderReadiness({
      ...ready,
      subtotal: 5_000,
      slot: { cityHasSlots: true, chosen: null },
      lines: [line({ stock: { soldOut: true, left: null } })],
    })
    expect(r.reasons.map((x) => x.message)).toEqual(['« Gigot » est épuisé.', minimum, SLOT_REQUIRED_MESSAGE])
    expect([r.stock.length, r.minimum?.rule, r.slot?.rule]).toEqual([1, 'minimum', 'slot'])
  })
})

/* ------------------------------------------------------------------------------------------ */
/* The same cart, judged by the cart and by the server                                         */
/* ------------------------------------------------------------------------------------------ */

type Cart = {
  lines: { productId: number; quantity: number }[]
  stock?: Record<number, ProductStock>
  minOrderAmount: number | null
  /** The city's slots: none; one full (nothing to pick); one with room, picked; one that filled up once picked. */
  slot: 'no slots' | 'all full' | 'room' | 'filled up'
}

const products: Record<number, { name: string; unitType: 'kg' | 'unit'; price: number }> = {
  10: { name: 'Gigot', unitType: 'kg', price: 6000 },
  11: { name: 'Poulet', unitType: 'unit', price: 3500 },
}
const day = '2026-11-27'
const zoneOf = (minOrderAmount: number | null) => ({
  id: 3,
  name: 'Plateau',
  isActive: true,
  cityId: 2,
  deliveryFee: 1000,
  minOrderAmount,
  freeDeliveryFrom: null,
})

/** The cart's word on each rule, as the page draws it. */
function cartSays(cart: Cart) {
  const items: CartItem[] = cart.lines.map((l) => ({
    id: l.productId,
    name: products[l.productId]!.name,
    imageUrl: null,
    pricePerUnit: products[l.productId]!.price,
    unitType: products[l.productId]!.unitType,
    quantity: l.quantity,
  }))
  const catalogue = Object.keys(products).map(
    (id) => ({ id: Number(id), stock: cart.stock?.[Number(id)] ?? inStock }) as PublicProduct,
  )
  const issues = lineIssues(items, catalogue, [])
  const zone = zoneOf(cart.minOrderAmount)
  const { price } = cartEstimate({ items, user: null, zone, points: 0, pointValue: 1 })
  const remaining = { 'no slots': 0, 'all full': 0, room: 2, 'filled up': 0 }[cart.slot]
  const offered = cart.slot === 'no slots' ? [] : [{ slotId: 5, date: day, remaining }]
  // A slot picked when it had room, full by the time the cart is read again.
  const slot = cart.slot === 'filled up' ? { id: 5, date: day } : slotChoiceOf(offered, null)
  const ready = cartReadiness({ lineIssues: issues.size, subtotal: price.subtotal, zone, offered, slot })
  return {
    stock: [...issues.values()].map((i) => i.message)[0] ?? null,
    minimum: ready.belowMinimum,
    slot: ready.slotMissing ? SLOT_REQUIRED_MESSAGE : (ready.slotRefused ?? null),
    blocker: checkoutBlocker({
      ...ready,
      countryId: 1,
      cityId: 2,
      zoneId: 3,
      deliveryAddress: 'Rue 1',
      deliveryPhone: '77 123 45 67',
      signedIn: true,
    }),
  }
}

const refusal = (run: () => unknown) => {
  try {
    run()
    return null
  } catch (e) {
    if (!(e instanceof HttpError)) throw e
    return e.message
  }
}

/** The server's word on each rule, from its checkout checks on what it read. */
function serverSays(cart: Cart) {
  const lines = cart.lines.map((l) => {
    const p = products[l.productId]!
    const stock = cart.stock?.[l.productId] ?? inStock
    const product: LineProduct = {
      id: l.productId,
      name: p.name,
      isActive: true,
      archived: false,
      countryId: 1,
      unitType: p.unitType,
      minQuantity: p.unitType === 'kg' ? 0.5 : 1,
      pricePerUnit: p.price,
      imageUrl: null,
      soldOut: stock.soldOut,
      left: stock.left,
      today: '2026-11-26',
    }
    return { product, quantity: l.quantity }
  })
  const booked = { 'no slots': 0, 'all full': 4, room: 2, 'filled up': 4 }[cart.slot]
  const ctx = {
    citySlots: cart.slot === 'no slots' ? 0 : 1,
    slot: { id: 5, cityId: 2, shopId: null, isActive: true, open: true, capacity: 4, booked },
  } as Context
  const input = {
    slot: cart.slot === 'room' || cart.slot === 'filled up' ? { id: 5, date: day } : null,
  } as CreateOrder
  return {
    stock: refusal(() => checkStock(lines)),
    minimum: refusal(() => checkAmounts(subtotalOf(lines), zoneOf(cart.minOrderAmount))),
    slot: refusal(() => checkSlot(input, ctx, 2)),
  }
}

describe('the cart and the server say the same', () => {
  it.each<[string, Cart]>([
    ['a ready cart', { lines: [{ productId: 10, quantity: 2 }], minOrderAmount: 10_000, slot: 'room' }],
    [
      'a city without slots',
      { lines: [{ productId: 11, quantity: 1 }], minOrderAmount: null, slot: 'no slots' },
    ],
    ['below the minimum', { lines: [{ productId: 10, quantity: 1 }], minOrderAmount: 10_000, slot: 'room' }],
    ['every slot full', { lines: [{ productId: 10, quantity: 2 }], minOrderAmount: null, slot: 'all full' }],
    [
      'the slot picked filled up',
      { lines: [{ productId: 10, quantity: 2 }], minOrderAmount: null, slot: 'filled up' },
    ],
    [
      'a sold-out line',
      {
        lines: [{ productId: 11, quantity: 1 }],
        stock: { 11: { soldOut: true, left: 0 } },
        minOrderAmount: null,
        slot: 'room',
      },
    ],
    [
      'a line above what is left',
      {
        lines: [{ productId: 10, quantity: 3 }],
        stock: { 10: { soldOut: false, left: 2.5 } },
        minOrderAmount: null,
        slot: 'room',
      },
    ],
    [
      'two lines of one product beyond what is left together (two preparations)',
      {
        lines: [
          { productId: 10, quantity: 1.5 },
          { productId: 10, quantity: 1.5 },
        ],
        stock: { 10: { soldOut: false, left: 2 } },
        minOrderAmount: null,
        slot: 'no slots',
      },
    ],
    [
      'everything at fault',
      {
        lines: [{ productId: 11, quantity: 1 }],
        stock: { 11: { soldOut: true, left: 0 } },
        minOrderAmount: 10_000,
        slot: 'all full',
      },
    ],
  ])('%s', (_, cart) => {
    const client = cartSays(cart)
    const server = serverSays(cart)
    expect({ stock: client.stock, minimum: client.minimum, slot: client.slot }).toEqual(server)
    // The blocker says the first of them, in the page's order (a marked line: the lines to fix).
    const first = server.stock ? LINES_TO_FIX_MESSAGE : (server.minimum ?? server.slot)
    expect(client.blocker).toBe(first)
  })
})
