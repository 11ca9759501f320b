import { useQuery } from '@tanstack/react-query'
import {
  messageChannelLabels,
  messageKindLabels,
  messageStateLabels,
  type MessageState,
} from '@/shared/domain/messages'
import type { BadgeVariant } from '@/shared/domain/roles'
import { formatDateTime } from '@/shared/format'
import type { OrderMessage } from '@/shared/schemas/orders'
import { Badge } from '@/client/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { queryPickFor } from '@/client/lib/queries'

const stateVariants: Record<MessageState, BadgeVariant> = {
  waiting: 'warning',
  sent: 'success',
  failed: 'destructive',
  not_sent: 'outline',
}

function stateLine(m: OrderMessage): string {
  switch (m.state) {
    case 'sent':
      return `Envoyé le ${formatDateTime(m.sentAt ?? m.createdAt)} à ${m.recipient}`
    case 'waiting':
      return m.attempts > 0
        ? `${m.attempts} essai${m.attempts > 1 ? 's' : ''} · prochain essai le ${formatDateTime(m.nextAttemptAt)}`
        : `À envoyer à ${m.recipient}`
    case 'failed':
      return `Abandonné après ${m.attempts} essai${m.attempts > 1 ? 's' : ''}`
    case 'not_sent':
      return `Pour ${m.recipient}`
  }
}

/**
 * What the shop told the client about this order, from the outbox (docs/rules/orders.md#messages): each
 * message, its state (sent, waiting, failed with the reason, not sent) and, unfolded, its text.
 */
export function OrderMessagesCard({ orderId }: { orderId: number }) {
  const query = useQuery({
    ...queryPickFor('/_api/admin/orders/messages', { orderId }, (answer) => answer.messages),
    // A message waiting to go out is looked at again until it has gone (or failed).
    refetchInterval: (q) => (q.state.data?.some((m) => m.state === 'waiting') ? 10_000 : false),
  })
  const body = (
    <QueryState
      query={query}
      loading={<Skeleton className="h-16 w-full" />}
      isEmpty={(messages) => messages.length === 0}
      empty={<p className="text-sm text-stone-500">Aucun message pour cette commande.</p>}
    >
      {(data) => (
        <ul className="space-y-3" aria-label="Messages envoyés au client">
          {data.map((m) => (
            <li key={m.id} className="rounded-md border border-stone-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-medium text-stone-900">
                  {messageKindLabels[m.kind]}{' '}
                  <span className="font-normal text-stone-600">· {messageChannelLabels[m.channel]}</span>
                </p>
                <Badge variant={stateVariants[m.state]}>{messageStateLabels[m.state]}</Badge>
              </div>
              <p className="mt-1 text-xs text-stone-600">{stateLine(m)}</p>
              {m.lastError && m.state !== 'sent' && (
                <p className="mt-1 text-xs break-words text-red-800">{m.lastError}</p>
              )}
              {m.body && (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-stone-700">Voir le message</summary>
                  {m.channel === 'email' && <p className="mt-2 font-medium text-stone-900">{m.subject}</p>}
                  <p className="mt-1 text-xs whitespace-pre-line text-stone-700">{m.body}</p>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  )
  return (
    <Card>
      <CardHeader>
        <CardTitle>Messages au client</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
}
