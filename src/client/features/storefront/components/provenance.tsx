import { formatDay } from '@/shared/format'
import type { PublicProduct } from '@/shared/schemas/storefront'

type Known = Pick<PublicProduct, 'origin' | 'halal' | 'slaughterDay'>

/**
 * What the shop says of a product's meat (docs/rules/catalogue.md#provenance): halal, its origin,
 * its day of slaughter. `short`: one line for a card; else one line each for the product page.
 * Nothing when nothing is said.
 */
export function Provenance({
  product,
  short = false,
  halalShown = false,
}: {
  product: Known
  short?: boolean
  /** Halal is said already (the product page's badge). */
  halalShown?: boolean
}) {
  const parts = [
    product.halal && !halalShown ? 'Halal' : null,
    product.origin
      ? /^origine\b/i.test(product.origin)
        ? product.origin
        : `Origine : ${product.origin}`
      : null,
    product.slaughterDay ? `Abattu le ${formatDay(product.slaughterDay)}` : null,
  ].filter((p): p is string => p !== null)
  if (parts.length === 0) return null
  if (short)
    return (
      <p className="line-clamp-2 text-xs text-emerald-900" data-testid="provenance">
        {parts.join(' · ')}
      </p>
    )
  return (
    <ul className="space-y-1 text-sm text-emerald-900" data-testid="provenance">
      {parts.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  )
}
