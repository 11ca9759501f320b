// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OrderStatusControl } from '../../src/client/features/admin-orders/components/order-status-control'
import type { OrderStatus, PaymentStatus } from '../../src/shared/domain/order-status'
import { awaitsPaymentForDelivery } from '../../src/shared/domain/payable'
import type { PaymentMethod } from '../../src/shared/domain/payments'
import { fakeNetwork, withProviders } from './network'

/**
 * docs/rules/money.md#payments: an order chosen for mobile money, unpaid, does not leave for
 * delivery; the staff's status list says so before the status is chosen, by the server's own rule.
 */
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

type Payment = { paymentMethod: PaymentMethod; paymentStatus: PaymentStatus; amountPaid: number }
function renderControl(status: OrderStatus, payment: Payment) {
  fakeNetwork({})
  const order = { status, ...payment }
  render(
    withProviders(
      <OrderStatusControl
        orderId={7}
        status={status}
        awaitsPayment={(to) => awaitsPaymentForDelivery(order, to)}
      />,
    ),
  )
  return Array.from((screen.getByLabelText('Changer le statut') as HTMLSelectElement).options).map((o) => ({
    value: o.value,
    text: o.text,
    disabled: o.disabled,
  }))
}

describe('the status list of an order waiting for its mobile money payment', () => {
  it('marks "En livraison" and "Livrée" (paiement attendu) and disables them', () => {
    const options = renderControl('in_preparation', {
      paymentMethod: 'mobile_money',
      paymentStatus: 'pending',
      amountPaid: 0,
    })
    expect(options.find((o) => o.value === 'in_delivery')).toEqual({
      value: 'in_delivery',
      text: 'En livraison (paiement attendu)',
      disabled: true,
    })
    expect(options.find((o) => o.value === 'delivered')).toMatchObject({ disabled: true })
    expect(options.find((o) => o.value === 'cancelled')).toMatchObject({ text: 'Annulée', disabled: false })
    expect(screen.getByTestId('status-payment').textContent).toContain('Paiement attendu')
  })

  it('offers them as usual once paid, or for cash', () => {
    for (const payment of [
      { paymentMethod: 'mobile_money', paymentStatus: 'paid', amountPaid: 5_000 },
      { paymentMethod: 'cash', paymentStatus: 'pending', amountPaid: 0 },
    ] as Payment[]) {
      const options = renderControl('in_preparation', payment)
      expect(options.find((o) => o.value === 'in_delivery')).toEqual({
        value: 'in_delivery',
        text: 'En livraison',
        disabled: false,
      })
      expect(screen.queryByTestId('status-payment')).toBeNull()
      cleanup()
    }
  })
})
