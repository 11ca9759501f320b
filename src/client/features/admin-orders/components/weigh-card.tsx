import { useState, type FormEvent } from 'react'
import { formatMoney, formatQuantity } from '@/shared/format'
import { MAX_WEIGHED_QUANTITY } from '@/shared/domain/weighin'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Field, Input } from '@/client/components/ui/field'
import type { OrderView } from '@/client/lib/order-view'
import { useRecordAgreement, useWeighOrder } from '../api/orders-api'
import { lineName } from '@/shared/domain/preparations'

/** "1,62" or "1.62" → 1.62; anything else (or past the gram) → null. */
function parseKilos(text: string): number | null {
  const t = text.trim().replace(',', '.')
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(t)) return null
  const n = Number(t)
  return n > 0 && n <= MAX_WEIGHED_QUANTITY ? n : null
}

function ApprovalNote({ order }: { order: OrderView }) {
  const record = useRecordAgreement()
  if (order.weighApproval === 'accepted')
    return <p className="text-sm text-emerald-800">Le client a accepté le montant pesé.</p>
  if (order.weighApproval !== 'awaiting' && order.weighApproval !== 'refused') return null
  return (
    <div
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      role="status"
    >
      <p>
        {order.weighApproval === 'awaiting'
          ? `Le montant pesé (${formatMoney(order.totalAmount)}) s’écarte de plus de la tolérance du montant commandé (${formatMoney(order.orderedTotalAmount ?? order.totalAmount)}) : la commande attend l’accord du client.`
          : 'Le client a refusé le montant pesé : pesez à nouveau, annulez la commande, ou notez son accord s’il le donne par téléphone.'}
      </p>
      {order.weighApproval === 'refused' && order.weighWish && (
        <p data-testid="weigh-wish">
          Le client souhaite : <span className="font-semibold">« {order.weighWish} »</span>
        </p>
      )}
      {order.status === 'in_preparation' && (
        <Button
          size="sm"
          variant="outline"
          disabled={record.isPending}
          onClick={() => record.mutate({ orderId: order.id, total: order.totalAmount })}
        >
          Noter l’accord du client (téléphone)
        </Button>
      )}
    </div>
  )
}

/**
 * What the butcher prepares (docs/rules/orders.md#preparations): each line, its quantity and how
 * to cut it, read at the block before weighing.
 */
function CutList({ order }: { order: OrderView }) {
  if (!order.items.some((i) => i.preparationName)) return null
  return (
    <ul
      className="space-y-1 rounded-md bg-stone-50 p-3 text-sm"
      aria-label="À préparer"
      data-testid="cut-list"
    >
      {order.items.map((i) => (
        <li key={i.id}>
          <span className="font-semibold">{formatQuantity(i.quantity, i.unitType)}</span> · {i.productName}
          {i.preparationName && (
            <>
              {' '}
              · <span className="font-semibold">{i.preparationName}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * The weigh-in (docs/rules/orders.md#weigh-in): while the order is in preparation, the weight of each
 * kg line, to the gram; the order is priced again on the server. Afterwards, what was weighed.
 */
export function WeighCard({ order }: { order: OrderView }) {
  const kgLines = order.items.filter((i) => i.unitType === 'kg')
  const weigh = useWeighOrder()
  // Every field starts empty (the ordered weight and the last weighing are in its hint): a
  // weighing is what the scale said, never the order's estimate recorded by a tap.
  const [values, setValues] = useState<Record<number, string>>({})
  const [errors, setErrors] = useState<Record<number, string>>({})
  if (kgLines.length === 0) return null
  const open = order.status === 'in_preparation'
  const weighed = kgLines.every((i) => i.weighedQuantity != null)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const next: Record<number, string> = {}
    const lines = kgLines.map((i) => {
      const typed = values[i.id] ?? ''
      const q = parseKilos(typed)
      if (!typed.trim()) next[i.id] = 'Pesez cet article et indiquez son poids en kilos (ex. 1,62).'
      else if (q === null)
        next[i.id] =
          `Indiquez un poids en kilos, supérieur à 0 et au plus ${MAX_WEIGHED_QUANTITY}, au gramme près (ex. 1,62).`
      return { itemId: i.id, weighedQuantity: q ?? 0 }
    })
    setErrors(next)
    if (Object.keys(next).length === 0) weigh.mutate({ orderId: order.id, lines })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Pesée</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <CutList order={order} />
        {open ? (
          <form onSubmit={submit} className="space-y-3" aria-label="Pesée des articles au kilo">
            <p className="text-sm text-stone-600">
              {weighed
                ? 'Chaque article au kilo est pesé. Vous pouvez peser à nouveau jusqu’au départ en livraison.'
                : 'Pesez chaque article vendu au kilo avant le départ en livraison ; la commande est recalculée.'}
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              {kgLines.map((i) => (
                <Field
                  key={i.id}
                  htmlFor={`weight-${i.id}`}
                  label={`Poids pesé — ${lineName(i)} (kg)`}
                  hint={`Commandé : ${formatQuantity(i.quantity, 'kg')}${i.weighedQuantity != null ? ` · dernière pesée : ${formatQuantity(i.weighedQuantity, 'kg')}` : ''}`}
                  error={errors[i.id]}
                >
                  <Input
                    id={`weight-${i.id}`}
                    inputMode="decimal"
                    autoComplete="off"
                    value={values[i.id] ?? ''}
                    onChange={(e) => setValues((v) => ({ ...v, [i.id]: e.target.value }))}
                  />
                </Field>
              ))}
            </div>
            <Button type="submit" disabled={weigh.isPending}>
              {weigh.isPending ? 'Enregistrement…' : 'Enregistrer la pesée'}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-stone-600">
            {weighed ? 'Articles au kilo pesés.' : 'Pesée possible quand la commande est en préparation.'}
          </p>
        )}
        <ApprovalNote order={order} />
      </CardContent>
    </Card>
  )
}
