import { stockReasons, type StockLine } from '@/shared/domain/order-readiness'
import type { PublicProduct } from '@/shared/schemas/storefront'
import type { CartItem } from '@/client/lib/cart'

/** Why a cart line cannot be ordered as it is today, and the quantity it may be lowered to. */
export type LineIssue = { message: string; lowerTo: number | null }

/** A line the server refused at checkout (its 409 OUT_OF_STOCK names it in `fieldErrors`). */
export type Refusal = { productId: number; quantity: number; message: string }

/** The lines a refused checkout named: `items.N.quantity` is the N-th line sent. */
export function refusalsOf(
  fieldErrors: Record<string, string[]> | undefined,
  sent: readonly { productId: number; quantity: number }[],
): Refusal[] {
  const out: Refusal[] = []
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const line = sent[Number(/^items\.(\d+)\./.exec(key)?.[1] ?? -1)]
    if (line && messages[0]) out.push({ ...line, message: messages[0] })
  }
  return out
}

/**
 * The cart's lines that changed since they were added (docs/rules/catalogue.md#stock): a product
 * sold out, or whose lines ask more than is left today, by the shared stock rule
 * (docs/rules/orders.md#order-readiness) on the catalogue the storefront reads; else what the
 * server said of the line at the last checkout, while the line still asks the same quantity.
 * A product of one line may be lowered to what is left.
 */
export function lineIssues(
  items: readonly CartItem[],
  catalogue: readonly PublicProduct[] | undefined,
  refused: readonly Refusal[],
): Map<number, LineIssue> {
  const byId = new Map((catalogue ?? []).map((p) => [p.id, p]))
  const known: StockLine[] = []
  for (const item of items) {
    const product = byId.get(item.id)
    if (product)
      known.push({
        productId: item.id,
        name: item.name,
        unitType: item.unitType,
        quantity: item.quantity,
        stock: product.stock,
      })
  }
  const issues = new Map<number, LineIssue>()
  for (const reason of stockReasons(known)) {
    issues.set(reason.productId, {
      message: reason.message,
      lowerTo: reason.lines.length === 1 ? reason.left : null,
    })
  }
  for (const item of items) {
    if (issues.has(item.id)) continue
    const said = refused.find((r) => r.productId === item.id && r.quantity === item.quantity)
    if (said) issues.set(item.id, { message: said.message, lowerTo: null })
  }
  return issues
}
