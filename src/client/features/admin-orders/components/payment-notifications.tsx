import { paymentProviderLabels } from '@/shared/domain/payments'
import type { PaymentNotificationView } from '@/shared/schemas/payments'
import { formatDateTime } from '@/shared/format'

/**
 * "Notifications reçues" (docs/rules/money.md#payments): each provider notification as it came,
 * for a dispute: when, from whom, its event, its signature header and its raw body (folded).
 */
export function PaymentNotifications({
  notifications,
}: {
  notifications: readonly PaymentNotificationView[]
}) {
  return (
    <section aria-labelledby="payment-notifications" className="space-y-2">
      <h3 id="payment-notifications" className="text-sm font-semibold text-stone-900">
        Notifications reçues
      </h3>
      {notifications.length === 0 ? (
        <p className="text-sm text-stone-500">Aucune notification reçue.</p>
      ) : (
        <ul className="space-y-2" aria-label="Notifications reçues" data-testid="payment-notifications">
          {notifications.map((n) => (
            <li
              key={n.id}
              className="space-y-1 rounded-md border border-stone-200 p-3 text-xs text-stone-700"
            >
              <p className="text-sm">
                <span className="font-medium">{formatDateTime(n.receivedAt)}</span> ·{' '}
                {paymentProviderLabels[n.provider]}
                {n.eventType ? ` · ${n.eventType}` : ''}
              </p>
              {n.eventId && <p className="wrap-anywhere">Événement : {n.eventId}</p>}
              <p className="wrap-anywhere">
                Signature : {n.signature ? <code>{n.signature}</code> : <span>aucune</span>}
              </p>
              <details>
                <summary className="cursor-pointer py-1 text-stone-900">Corps reçu</summary>
                <pre
                  // Reached by the keyboard: it scrolls.
                  tabIndex={0}
                  className="mt-1 max-h-64 overflow-auto rounded bg-stone-100 p-2 whitespace-pre-wrap break-all"
                >
                  {n.rawBody}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
