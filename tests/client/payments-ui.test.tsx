// @vitest-environment happy-dom
import { cleanup, render, renderHook, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PaymentFaults } from '../../src/client/components/payment-faults'
import { OrderPaymentsCard } from '../../src/client/features/admin-orders/components/order-payments-card'
import { PaymentNotifications } from '../../src/client/features/admin-orders/components/payment-notifications'
import { PayCard } from '../../src/client/features/checkout/components/pay-card'
import type { OrderView } from '../../src/client/lib/order-view'
import { useWaitingPoll } from '../../src/client/lib/waiting-poll'
import { formatMoney } from '../../src/shared/format'
import { fakeNetwork, withProviders } from './network'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

// Intl writes narrow no-break spaces: compare texts with plain spaces.
const plain = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ')
const money = (n: number) => plain(formatMoney(n))

const order = (over: Partial<OrderView> = {}) =>
  ({
    id: 42,
    status: 'pending',
    paymentStatus: 'pending',
    paymentMethod: 'mobile_money',
    paymentWallet: 'Wave',
    weighApproval: null,
    items: [{ unitType: 'piece', weighedQuantity: null }],
    totalAmount: 12_100,
    amountPaid: 0,
    ...over,
  }) as unknown as OrderView

const at = new Date('2026-03-02T10:15:00Z')
const fault = {
  provider: 'wave' as const,
  countryCode: 'SN',
  message: 'Clé Wave refusée pour le Sénégal (401 : api-key-revoked)',
  firstAt: at,
  lastAt: at,
}
const notification = {
  id: 1,
  provider: 'wave' as const,
  attemptId: 3,
  eventId: 'AE_ijzo7oGgrlM3',
  eventType: 'checkout.session.completed',
  signature: 't=1639081943,v1=5e2d1b4c',
  rawBody: '{"id":"AE_ijzo7oGgrlM3","type":"checkout.session.completed"}',
  receivedAt: at,
}

describe('useWaitingPoll (the waiting pages back off)', () => {
  it('asks every 3 s, then 5, 10 and 30 s as the wait goes on, stops once final and starts again at 3 s', () => {
    let now = 1_000_000
    const { result } = renderHook(() => useWaitingPoll(() => now))
    expect(result.current(true)).toBe(3_000)
    now += 29_000
    expect(result.current(true)).toBe(3_000)
    now += 2_000
    expect(result.current(true)).toBe(5_000)
    now += 90_000
    expect(result.current(true)).toBe(10_000)
    now += 480_000
    expect(result.current(true)).toBe(30_000)
    expect(result.current(false)).toBe(false)
    now += 60_000
    expect(result.current(true)).toBe(3_000)
  })
})

describe('PayCard (an order that received part of its total)', () => {
  const wallets = {
    'GET /_api/payments/wallets': { body: { wallets: [{ wallet: 'Wave', provider: 'wave' }] } },
  }

  it('says what was received and asks for the rest only', async () => {
    fakeNetwork(wallets)
    render(withProviders(<PayCard order={order({ amountPaid: 10_000 })} />))
    const rest = screen.getByTestId('pay-rest')
    expect(plain(rest.textContent)).toBe(`Déjà reçu : ${money(10_000)}Reste à payer : ${money(2_100)}`)
    const pay = await screen.findByRole('button', { name: /^Payer \d/ })
    expect(plain(pay.textContent)).toBe(`Payer ${money(2_100)}`)
  })

  it('asks for the whole total when nothing was received', async () => {
    fakeNetwork(wallets)
    render(withProviders(<PayCard order={order()} />))
    expect(screen.queryByTestId('pay-rest')).toBeNull()
    const pay = await screen.findByRole('button', { name: /^Payer \d/ })
    expect(plain(pay.textContent)).toBe(`Payer ${money(12_100)}`)
  })
})

describe('PaymentFaults', () => {
  it('shows one alert per refused key, with its message', () => {
    render(
      <PaymentFaults
        faults={[
          fault,
          { ...fault, provider: 'cinetpay', countryCode: null, message: 'Clé CinetPay refusée' },
        ]}
      />,
    )
    const alerts = screen.getAllByRole('alert')
    expect(alerts).toHaveLength(2)
    expect(alerts[0]!.textContent).toContain('Clé Wave refusée pour le Sénégal (401 : api-key-revoked)')
    expect(alerts[1]!.textContent).toContain('CinetPay : clé refusée')
  })

  it('shows nothing without a fault', () => {
    const { container } = render(<PaymentFaults faults={[]} />)
    expect(container.innerHTML).toBe('')
  })
})

describe('PaymentNotifications', () => {
  it('lists each notification as received, its raw body folded', () => {
    render(<PaymentNotifications notifications={[notification]} />)
    const list = screen.getByRole('list', { name: 'Notifications reçues' })
    const item = within(list).getByRole('listitem')
    expect(item.textContent).toContain('Wave · checkout.session.completed')
    expect(item.textContent).toContain('Événement : AE_ijzo7oGgrlM3')
    expect(item.textContent).toContain('Signature : t=1639081943,v1=5e2d1b4c')
    const details = item.querySelector('details')!
    expect(details.open).toBe(false)
    expect(details.querySelector('pre')!.textContent).toBe(notification.rawBody)
  })

  it('says when none was received', () => {
    render(<PaymentNotifications notifications={[]} />)
    expect(screen.getByText('Aucune notification reçue.')).toBeTruthy()
  })
})

describe('OrderPaymentsCard (the staff order page)', () => {
  it('shows the faults first, what was received, each refund with its amount and the new events in French', async () => {
    fakeNetwork({
      'GET /_api/admin/orders/payments': {
        body: {
          faults: [fault],
          total: 12_100,
          amountPaid: 10_000,
          attempts: [
            {
              id: 3,
              reference: 'ETAL42XABC',
              provider: 'wave',
              wallet: 'Wave',
              amount: 10_900,
              currency: 'XOF',
              rounding: 0,
              status: 'paid',
              checkoutUrl: null,
              expiresAt: at,
              refundStatus: 'to_do',
              refundAmount: 900,
              createdAt: at,
            },
          ],
          events: [
            {
              id: 1,
              attemptId: 3,
              type: 'total_changed',
              provider: null,
              providerStatus: null,
              detail: 'nouveau total 12 100 F CFA',
              actorId: null,
              actorName: null,
              createdAt: at,
            },
          ],
          notifications: [notification],
        },
      },
    })
    render(withProviders(<OrderPaymentsCard order={order({ amountPaid: 10_000 })} />))
    const received = await screen.findByTestId('payment-received')
    expect(plain(received.textContent)).toBe(
      `Reçu : ${money(10_000)} sur ${money(12_100)}Reste dû : ${money(2_100)}`,
    )
    const [alert] = screen.getAllByRole('alert')
    expect(alert!.textContent).toContain(fault.message)
    // The alert comes before everything else of the card's body.
    expect(alert!.compareDocumentPosition(received) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(plain(screen.getByTestId('attempt-3').textContent)).toContain(
      `Remboursement à faire : ${money(900)}`,
    )
    expect(screen.getByRole('list', { name: 'Historique du paiement' }).textContent).toContain('Total changé')
    expect(screen.getByRole('list', { name: 'Notifications reçues' })).toBeTruthy()
  })
})
