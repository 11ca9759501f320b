import { describe, expect, it } from 'vitest'
import type { OrderAnswer } from '../../src/server/services/orders/orders'
import { renderOrderSms } from '../../src/server/services/messages/render-sms'
import { gsm7Length, SMS_SEGMENT } from '../../src/server/services/messages/sms'

/*
 * The order-received SMS and the preparations asked for (docs/rules/orders.md#preparations):
 * each named whole, as many as one GSM-7 segment holds; a name is never cut mid-word.
 */
type Line = { productName: string; preparationName: string | null }
const order = (items: Line[]) => ({ id: 1234, totalAmount: 125_500, items }) as unknown as OrderAnswer
const received = (items: Line[]) => {
  const text = renderOrderSms('order_received', order(items), {})
  expect(gsm7Length(text), text).not.toBeNull()
  expect(gsm7Length(text)!, text).toBeLessThanOrEqual(SMS_SEGMENT)
  return text
}

describe('the order-received SMS', () => {
  it('without a preparation: the full wording', () => {
    expect(received([{ productName: 'Gigot de mouton', preparationName: null }])).toBe(
      'Étal: votre commande 1234 est enregistrée (125 500 F CFA, montant final après pesée). Nous vous écrirons au départ du livreur. STOP SMS: Mon compte'.replace(
        /\u202f|\u00a0/g,
        ' ',
      ),
    )
  })

  it('a long preparation is named whole', () => {
    const text = received([{ productName: 'Gigot de mouton', preparationName: 'Découpé en morceaux' }])
    expect(text).toContain('Gigot de mouton découpé en morceaux. SMS au départ du livreur.')
  })

  it('more than fit: the first ones whole, then "..."', () => {
    const text = received([
      { productName: 'Gigot', preparationName: 'Haché' },
      { productName: 'Épaule', preparationName: 'Désossée' },
      { productName: 'Côte de bœuf', preparationName: 'Découpée en tranches fines' },
    ])
    expect(text).toContain('Gigot haché, Épaule désossée, ...')
    expect(text).not.toMatch(/\w\.\.\./)
  })

  it('none fits whole: it says they are noted', () => {
    const text = received([
      {
        productName: 'Carré d’agneau de lait des plateaux du Fouta, spécial fêtes',
        preparationName: 'Paré et ficelé',
      },
    ])
    expect(text).toContain('Préparations notées.')
  })
})
