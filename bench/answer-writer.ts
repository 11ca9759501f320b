/**
 * `answerText` (src/server/http/answer-text.ts) against `superjson.stringify` on the answers the
 * shop writes at every request: the admin list's page of 20 orders (each with lines and Dates),
 * the home page's 8 featured products, the active countries. Both writers run in turns in this
 * one process, so that the machine's other work weighs on both alike: read the ratio
 * (docs/decisions/0038). `npx tsx bench/answer-writer.ts`
 */
import superjson from 'superjson'
import { answerText } from '../src/server/http/answer-text'

const at = (i: number) => new Date(Date.UTC(2026, 10, 1 + (i % 28), 8, i % 60))

const order = (i: number) => ({
  id: 100_000 + i,
  userId: 5000 + i,
  countryId: 1,
  cityId: 2,
  zoneId: 3 + (i % 4),
  status: ['pending', 'confirmed', 'preparing', 'in_delivery', 'delivered'][i % 5],
  paymentStatus: 'pending',
  subtotalAmount: 18_500 + i * 100,
  discountPercent: null,
  discountAmount: 0,
  pointsUsed: 0,
  pointValue: 1,
  pointsDiscountAmount: 0,
  pointsEarned: 0,
  deliveryFeeAmount: 1000,
  deliveryFee: 1000,
  freeDeliveryFrom: 25_000,
  totalAmount: 19_500 + i * 100,
  orderedTotalAmount: null,
  weighApproval: null,
  notes: i % 3 ? null : 'Sonner deux fois, merci.',
  deliveryAddress: `Rue ${i}, immeuble Fall, 3e étage`,
  deliveryCity: 'Dakar',
  deliveryCountry: 'Sénégal',
  deliveryPhone: '+221 77 123 45 67',
  zoneName: 'Plateau',
  customerName: `Client ${i}`,
  deliveryDriverId: i % 2 ? 42 : null,
  slotId: 7,
  slotDate: '2026-11-27',
  slotStartsAt: at(i),
  slotEndsAt: at(i + 1),
  slotTimeZone: 'Africa/Dakar',
  createdAt: at(i),
  updatedAt: at(i + 2),
  cityName: 'Dakar',
  customer: { id: 5000 + i, name: `Client ${i}`, email: `client${i}@example.sn`, phone: '+221 77 123 45 67' },
  driver: i % 2 ? { id: 42, name: 'Ibrahima Fall', phone: '+221 77 100 00 04' } : null,
  items: [1, 2, 3].map((k) => ({
    id: i * 10 + k,
    orderId: 100_000 + i,
    productId: k,
    productName: ['Gigot de mouton', 'Filet de bœuf', 'Poulet fermier'][k - 1],
    unitPrice: 6000,
    unitType: k === 3 ? 'unit' : 'kg',
    quantity: 1.5,
    weighedQuantity: null,
    totalPrice: 9000,
    imageUrl: null,
  })),
})

const product = (i: number) => ({
  id: i,
  name: `Produit ${i}`,
  description: 'Une belle pièce, découpée le matin même.',
  imageUrl: null,
  photo: { key: `p${i}`, width: 640, height: 480 },
  pricePerUnit: 4500 + i,
  unitType: 'kg',
  minQuantity: 0.5,
  categoryId: 1,
  isActive: true,
  isFeatured: i < 4,
  countryId: 1,
  countryName: 'Sénégal',
  createdAt: at(i),
  stock: { soldOut: false, left: null },
  category: { id: 1, name: 'Bœuf' },
})

const answers = {
  'admin orders, a page of 20': { orders: Array.from({ length: 20 }, (_, i) => order(i)), total: 1000 },
  'featured, 8 products': { products: Array.from({ length: 8 }, (_, i) => product(i)) },
  'countries, 18': {
    countries: Array.from({ length: 18 }, (_, i) => ({
      id: i,
      name: `Pays ${i}`,
      code: 'SN',
      dialCode: '+221',
      currency: 'XOF',
      shopPhone: null,
      shopWhatsapp: null,
    })),
  },
}

/** Microseconds per call: the median of `turns` timed runs of `n` calls. */
function time(write: (v: unknown) => string, value: unknown, n: number, turns: number) {
  const runs: number[] = []
  for (let t = 0; t < turns; t++) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < n; i++) write(value)
    runs.push(Number(process.hrtime.bigint() - start) / 1000 / n)
  }
  return runs.sort((a, b) => a - b)[Math.floor(turns / 2)]!
}

for (const [name, value] of Object.entries(answers)) {
  if (answerText(value) !== superjson.stringify(value)) throw new Error(`${name}: the texts differ`)
  const n = name.startsWith('admin') ? 200 : 2000
  // Warm both, then alternate turns so that both see the same machine.
  time(answerText, value, n, 3)
  time(superjson.stringify, value, n, 3)
  const ours: number[] = []
  const theirs: number[] = []
  for (let round = 0; round < 5; round++) {
    ours.push(time(answerText, value, n, 3))
    theirs.push(time(superjson.stringify, value, n, 3))
  }
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[2]!
  const [a, s] = [med(ours), med(theirs)]
  console.log(
    `${name}: answerText ${a.toFixed(0)} µs, superjson.stringify ${s.toFixed(0)} µs (${(s / a).toFixed(1)}× slower), ${answerText(value).length} bytes`,
  )
}
