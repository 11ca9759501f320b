import fc from 'fast-check'
import superjson from 'superjson'
import { describe, expect, it } from 'vitest'
import { answerText } from '../../src/server/http/answer-text'

/** Same text as superjson.stringify, or the same error. */
function same(value: unknown) {
  let expected: string | Error
  try {
    expected = superjson.stringify(value)
  } catch (e) {
    expected = e as Error
  }
  if (expected instanceof Error) expect(() => answerText(value)).toThrow(expected.message)
  else expect(answerText(value)).toBe(expected)
}

const date = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z') })
// Keys that matter to superjson's paths: dots, backslashes, digits (integer-like keys come first
// in an object), the prototype-pollution names.
const key = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom(
    'a.b',
    'a\\b',
    '.',
    '\\.',
    '0',
    '1',
    '10',
    '2',
    'createdAt',
    '__proto__',
    'constructor',
    'prototype',
    'toJSON',
  ),
)
const leaf = fc.oneof(
  { weight: 4, arbitrary: fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.integer(), fc.double()) },
  { weight: 3, arbitrary: date },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      undefined,
      -0,
      NaN,
      Infinity,
      new Date(NaN),
      10n,
      new Map([[1, 2]]),
      new Set([1]),
    ),
  },
)
const tree = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 5 }),
  object: fc.dictionary(key, tie('node'), { maxKeys: 5 }),
})).node

describe('answerText', () => {
  it('writes what superjson.stringify writes, for any value', () => {
    fc.assert(fc.property(tree, same), { numRuns: 2000 })
  })

  it('writes an answer like ours (orders with dates, nested lines and events) as superjson does', () => {
    const at = new Date('2026-11-21T10:00:00.123Z')
    const order = (id: number) => ({
      id,
      status: 'pending',
      discountPercent: null,
      totalAmount: 12_900,
      createdAt: new Date(at.getTime() + id),
      updatedAt: new Date(at.getTime() + id * 2),
      items: [{ id: 1, quantity: 1.5, product: { name: 'Bœuf', imageUrl: null } }],
      events: [
        { id: 2, type: 'created', createdAt: new Date(at.getTime() - id) },
        { id: 3, type: 'status', createdAt: new Date(at) },
      ],
    })
    const page = { orders: Array.from({ length: 12 }, (_, i) => order(i)), total: 12 }
    same(page)
    expect(superjson.parse(answerText(page))).toEqual(page)
    // Where an array holds Dates beside objects holding Dates, superjson orders the paths
    // level by level (integer-like keys first): the same order here.
    same({
      a: [at, { d: new Date(1) }, new Date(2), [new Date(3)]],
      'x.y': { 'p\\q': at === at ? new Date(4) : null },
    })
  })

  it('hands superjson what it records specially: the same object twice, undefined, -0', () => {
    const shared = { d: new Date(0) }
    same({ a: shared, b: shared })
    const d = new Date(5)
    same({ createdAt: d, updatedAt: d })
    same({ a: undefined, b: [1, undefined], c: -0 })
    const holey = [1, 2, 3]
    delete holey[1]
    same(holey)
    class Money {
      constructor(readonly amount: number) {}
    }
    same({ m: new Money(3) })
    const cyclic: Record<string, unknown> = { n: 1 }
    cyclic.self = cyclic
    same(cyclic)
    same(new Date(7))
    same('text')
    same(null)
  })
})
