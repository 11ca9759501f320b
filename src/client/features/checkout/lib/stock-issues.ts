import { shortfallMessage, stockShortfall } from '@/shared/domain/stock'
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
 * The cart's lines that changed since they were added (docs/rules/catalogue.md#stock): sold out, or more
 * than is left today, from the catalogue the storefront reads; else what the server said of the
 * line at the last checkout, while the line still asks the same quantity.
 */
export function lineIssues(
  items: readonly CartItem[],
  catalogue: readonly PublicProduct[] | undefined,
  refused: readonly Refusal[],
): Map<number, LineIssue> {
  const byId = new Map((catalogue ?? []).map((p) => [p.id, p]))
  const issues = new Map<number, LineIssue>()
  for (const item of items) {
    const product = byId.get(item.id)
    const shortfall = product ? stockShortfall(product.stock, item.quantity) : null
    if (shortfall) {
      issues.set(item.id, {
        message: shortfallMessage(item.name, item.unitType, shortfall),
        lowerTo: shortfall.kind === 'short' ? shortfall.left : null,
      })
      continue
    }
    const said = refused.find((r) => r.productId === item.id && r.quantity === item.quantity)
    if (said) issues.set(item.id, { message: said.message, lowerTo: null })
  }
  return issues
}
